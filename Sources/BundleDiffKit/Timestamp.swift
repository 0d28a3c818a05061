import FoundationEssentials
import PropertyLists

/// Recording times: seconds since 1970 (UTC), parsed from and printed as ISO-8601 on the
/// proleptic Gregorian calendar (`UTCTime`).
public enum Timestamp {
    /// Parses `2026-11-01T09:00:00Z` or with an offset (`+02:00`); nil otherwise, also for
    /// a day or time that does not exist (`2026-02-30`, `24:00:00`).
    public static func parse(_ text: String) -> Int64? {
        guard fieldsExist(text) else { return nil }
        return UTCTime.parse(text)
    }

    /// Whether the `YYYY-MM-DDThh:mm:ss` fields that begin `text` name a real day and time.
    private static func fieldsExist(_ text: String) -> Bool {
        let digits = Array(text.utf8.prefix(19))
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            var n = 0
            for c in digits[range] {
                guard (48...57).contains(c) else { return nil }
                n = n * 10 + Int(c - 48)
            }
            return n
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), hour <= 23, minute <= 59, second <= 59 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// Now, to the second.
    public static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970.rounded(.down))
    }

    /// `2026-11-01T09:00:00Z` (the same form the commit trailers use).
    public static func format(_ seconds: Int64) -> String { UTCTime.format(unixSeconds: seconds) }
}
