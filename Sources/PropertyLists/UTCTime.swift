/// The tool's one calendar: UTC date-times in the proleptic Gregorian calendar, for plist
/// dates, recording times and report dates alike. Foundation's ISO 8601 formatter is not
/// used: it switches to the Julian calendar before 1582 (0001-01-01 would print as
/// 0001-01-03).
public enum UTCTime {
    /// `YYYY-MM-DDTHH:MM:SSZ` for seconds since 1970 (the year zero-padded to four digits;
    /// a year before 1 is written as the astronomical year, e.g. `-0001`).
    public static func format(unixSeconds: Int64) -> String {
        let days = floorDiv(unixSeconds, 86_400)
        let secondOfDay = unixSeconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        if (0...9999).contains(year) {  // the common case, written into 20 bytes
            return String(unsafeUninitializedCapacity: 20) { out in
                func put(_ value: Int64, _ width: Int, at end: Int) {
                    var v = value
                    for k in stride(from: end - 1, through: end - width, by: -1) {
                        out[k] = UInt8(48 + v % 10)
                        v /= 10
                    }
                }
                put(year, 4, at: 4)
                put(month, 2, at: 7)
                put(day, 2, at: 10)
                put(secondOfDay / 3600, 2, at: 13)
                put(secondOfDay / 60 % 60, 2, at: 16)
                put(secondOfDay % 60, 2, at: 19)
                (out[4], out[7], out[10]) = (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"))
                (out[13], out[16], out[19]) = (UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: "Z"))
                return 20
            }
        }
        let yearText = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
        return yearText + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + "Z"
    }

    /// Parses an internet date-time, `YYYY-MM-DDTHH:MM:SS` then `Z` or an offset
    /// (`+02:00`, `-0530`), into seconds since 1970; nil for anything else.
    public static func parse(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        guard b.count >= 20 else { return nil }
        func number(_ at: Int, _ digits: Int) -> Int64? {
            guard at + digits <= b.count else { return nil }
            var value: Int64 = 0
            for k in at..<at + digits {
                guard (48...57).contains(b[k]) else { return nil }
                value = value * 10 + Int64(b[k] - 48)
            }
            return value
        }
        func at(_ i: Int, _ c: Character) -> Bool { i < b.count && b[i] == c.asciiValue }
        guard let year = number(0, 4), at(4, "-"), let month = number(5, 2), at(7, "-"), let day = number(8, 2),
              at(10, "T") || at(10, "t"), let hour = number(11, 2), at(13, ":"), let minute = number(14, 2),
              at(16, ":"), let second = number(17, 2) else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        var offset: Int64 = 0
        if b.count == 20, at(19, "Z") || at(19, "z") {
            offset = 0
        } else if at(19, "+") || at(19, "-") {
            let sign: Int64 = at(19, "-") ? -1 : 1
            let colon = b.count == 25 && at(22, ":")
            guard colon || b.count == 24, let hours = number(20, 2), let minutes = number(colon ? 23 : 22, 2),
                  hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        return days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
    }

    /// Days in `month` of `year` (proleptic Gregorian leap years).
    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
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

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
