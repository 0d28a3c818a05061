/// Plist dates (seconds since 2001-01-01T00:00:00Z) in the XML plist grammar, on the
/// calendar of `UTCTime`: no date is ever parsed or formatted by Foundation.
public enum PlistDate {
    /// Seconds between 1970-01-01 and 2001-01-01.
    static let unixOffset: Int64 = 978_307_200

    /// `YYYY-MM-DDTHH:MM:SSZ` for the whole second at or below `seconds`, or nil when
    /// the value is not finite or its year falls outside 0001…9999.
    public static func iso8601(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds.magnitude < 1e12 else { return nil }
        let unix = Int64(seconds.rounded(.down)) + unixOffset
        let (year, _, _) = UTCTime.civil(fromDays: UTCTime.floorDiv(unix, 86_400))
        guard (1...9999).contains(year) else { return nil }
        return UTCTime.format(unixSeconds: unix)
    }

    /// Parses the XML plist date grammar `YYYY[-MM[-DD[THH[:MM[:SS]]]]]Z` (UTC only).
    static func parseISO8601(_ text: some StringProtocol) -> Double? {
        let bytes = Array(text.utf8)
        var i = 0
        func number(_ digits: Int) -> Int64? {
            guard i + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for k in 0..<digits {
                let b = bytes[i + k]
                guard (48...57).contains(b) else { return nil }
                value = value * 10 + Int64(b - 48)
            }
            i += digits
            return value
        }
        func accept(_ c: Character) -> Bool {
            guard i < bytes.count, let ascii = c.asciiValue, bytes[i] == ascii else { return false }
            i += 1
            return true
        }
        guard let year = number(4) else { return nil }
        var month: Int64 = 1, day: Int64 = 1, hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0
        if accept("-") {
            guard let m = number(2) else { return nil }
            month = m
            if accept("-") {
                guard let d = number(2) else { return nil }
                day = d
                if accept("T") {
                    guard let h = number(2) else { return nil }
                    hour = h
                    if accept(":") {
                        guard let mi = number(2) else { return nil }
                        minute = mi
                        if accept(":") {
                            guard let s = number(2) else { return nil }
                            second = s
                        }
                    }
                }
            }
        }
        guard accept("Z"), i == bytes.count else { return nil }
        guard (1...12).contains(month), day >= 1, day <= UTCTime.daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        let days = UTCTime.days(year: year, month: month, day: day)
        let unix = days * 86_400 + hour * 3600 + minute * 60 + second
        return Double(unix - unixOffset)
    }
}
