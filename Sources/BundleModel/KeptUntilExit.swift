import Foundation

/// Values left for the process's exit to free. A report of a 20,000-file build holds both
/// builds' entries, indexes and findings, some hundred thousand objects; releasing them one
/// by one after the report is written took 4% of a recorded diff, for nothing (clang's
/// `-disable-free` does the same). A history query's memo tables are kept the same way.
public enum KeptUntilExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Any] = []

    public static func keep(_ value: Any) {
        lock.lock()
        defer { lock.unlock() }
        kept.append(value)
    }
}
