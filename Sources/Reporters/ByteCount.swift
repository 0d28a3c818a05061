/// The one way the tool prints a size in human units: `812 B`, `1.4 MB`, `2.1 GB`, in
/// decimal units (1 KB = 1,000 bytes) with one decimal place, as Finder, App Store Connect
/// and Xcode's size reports count them. Reports, history tables and progress use it.
public enum ByteCount {
    /// `1.4 MB`, `812 B`.
    public static func text(_ n: UInt64) -> String {
        if n < 1000 { return "\(n) B" }
        let units = ["KB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(n) / 1000
        var unit = 0
        while value >= 999.95 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
