import Foundation
import SnapshotStore

/// Recording times: seconds since 1970 (UTC), parsed from and printed as ISO-8601.
public enum Timestamp {
    /// Parses `2026-11-01T09:00:00Z` or with an offset (`+02:00`); nil otherwise.
    public static func parse(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else { return nil }
        return Int64(date.timeIntervalSince1970.rounded(.down))
    }

    /// Now, to the second.
    public static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970.rounded(.down))
    }

    /// `2026-11-01T09:00:00Z` (the same form the commit trailers use).
    public static func format(_ seconds: Int64) -> String { ISO8601UTC.format(seconds) }
}
