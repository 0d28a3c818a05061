/// Calendar arithmetic for plist dates (seconds since 2001-01-01T00:00:00Z), done here
/// so that no date is ever parsed or formatted by Foundation.
enum PlistDate {
    /// Seconds between 1970-01-01 and 2001-01-01.
    static let unixOffset: Int64 = 978_307_200

    /// `YYYY-MM-DDTHH:MM:SSZ` for the whole second at or below `seconds`, or nil when
    /// the value is not finite or its year falls outside 0001…9999.
    static func iso8601(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds.magnitude < 1e12 else { return nil }
        let unix = Int64(seconds.rounded(.down)) + unixOffset
        let days = floorDiv(unix, 86_400)
        let secondOfDay = unix - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (1...9999).contains(year) else { return nil }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
            + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + "Z"
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
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        let days = self.days(year: year, month: month, day: day)
        let unix = days * 86_400 + hour * 3600 + minute * 60 + second
        return Double(unix - unixOffset)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civil(fromDays daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let z = daysSinceEpoch + 719_468
        let era = floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
