import Foundation
import PropertyLists

/// Recording times: seconds since 1970 (UTC), parsed from and printed as ISO-8601 on the
/// proleptic Gregorian calendar (`UTCTime`).
public enum Timestamp {
    /// Parses `2026-11-01T09:00:00Z` or with an offset (`+02:00`); nil otherwise.
    public static func parse(_ text: String) -> Int64? { UTCTime.parse(text) }

    /// Now, to the second.
    public static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970.rounded(.down))
    }

    /// `2026-11-01T09:00:00Z` (the same form the commit trailers use).
    public static func format(_ seconds: Int64) -> String { UTCTime.format(unixSeconds: seconds) }
}
