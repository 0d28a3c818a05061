import BundleDiffKit
import PropertyLists
import Testing

/// One calendar for every date the tool reads or prints: proleptic Gregorian UTC, also
/// before 1582, where Foundation's formatter switches to the Julian calendar.
@Suite struct CalendarTests {
    /// 0001-01-01T00:00:00Z in seconds since 1970, and since 2001 (plist dates).
    static let yearOne: Int64 = -62_135_596_800
    static let yearOnePlist = Double(yearOne - 978_307_200)

    @Test func earlyDatesShowInTheProlepticGregorianCalendar() {
        #expect(PlistValueText.render(.date(Self.yearOnePlist)) == "0001-01-01T00:00:00Z\n")
        #expect(PlistValueText.render(.date(Double(-13_197_600_000 - 978_307_200))) == "1551-10-15T00:00:00Z\n")
        #expect(PlistValueText.render(.date(0)) == "2001-01-01T00:00:00Z\n")
        #expect(PlistValueText.render(.date(.nan)) == "nan\n")
    }

    @Test func recordingTimesParseAndPrintOnTheSameCalendar() {
        #expect(Timestamp.parse("0001-01-01T00:00:00Z") == Self.yearOne)
        #expect(Timestamp.format(Self.yearOne) == "0001-01-01T00:00:00Z")
        #expect(Timestamp.parse("2026-11-01T11:00:00+02:00") == Timestamp.parse("2026-11-01T09:00:00Z"))
        #expect(Timestamp.parse("2026-11-01T03:30:00-0530") == Timestamp.parse("2026-11-01T09:00:00Z"))
        #expect(Timestamp.parse("2023-11-14T22:13:20Z") == 1_700_000_000)
        #expect(Timestamp.parse("2024-02-29T00:00:00Z") != nil)
        for bad in ["2023-02-29T00:00:00Z", "2026-11-01T09:00:00", "2026-11-01 09:00:00Z", "2026-11-01T24:00:00Z",
                    "2026-11-01T09:00:00+2:00", "2026-11-01T09:00:00.5Z", "yesterday", "2026-11-01T09:00:00Z "] {
            #expect(Timestamp.parse(bad) == nil, "\(bad)")
        }
    }

    /// The four-digit years are written by a path of their own; around its edges and across
    /// it, a printed time parses back to itself, and a year outside it keeps its form.
    @Test func printedTimesParseBack() {
        let year10000: Int64 = 253_402_300_800
        for seconds in [Self.yearOne - 86_400 * 366, Self.yearOne - 1, Self.yearOne, -1, 0, 59, 86_399, 951_782_400,
                        1_700_000_000, year10000 - 1] + Array(stride(from: Self.yearOne, to: year10000, by: 7_777_777_777)) {
            #expect(UTCTime.parse(UTCTime.format(unixSeconds: seconds)) == seconds, "\(seconds)")
        }
        #expect(UTCTime.format(unixSeconds: Self.yearOne - 1) == "0000-12-31T23:59:59Z")
        #expect(UTCTime.format(unixSeconds: year10000 - 1) == "9999-12-31T23:59:59Z")
        #expect(UTCTime.format(unixSeconds: year10000) == "10000-01-01T00:00:00Z")
        #expect(UTCTime.format(unixSeconds: Self.yearOne - 86_400 * 367) == "-0001-12-31T00:00:00Z")
    }
}
