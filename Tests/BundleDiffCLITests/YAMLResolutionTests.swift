@testable import BundleDiffKit
import Testing

/// How a scalar in `.bundlediff.yml` or a baseline becomes a value: Yams 5.0.1's default
/// resolution of plain scalars and its constructor, which `YAMLDocument` keeps (the values
/// below are what Yams gave).
@Suite struct YAMLResolutionTests {
    /// The value of `v` in `v: <text>`.
    static func value(_ text: String) throws -> Any? {
        let root = try YAMLDocument.parse(Array("v: \(text)\n".utf8), file: "t.yml", limits: .configuration)
        return (root as? [String: Any])?["v"]
    }

    @Test(arguments: ["yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"])
    func trueSpellings(text: String) throws {
        #expect(try Self.value(text) as? Bool == true)
    }

    @Test(arguments: ["no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"])
    func falseSpellings(text: String) throws {
        #expect(try Self.value(text) as? Bool == false)
    }

    @Test(arguments: [
        ("0", 0), ("12", 12), ("-12", -12), ("+12", 12), ("1_000", 1000), ("0b1010", 10), ("-0b1_0", -2),
        ("012", 10), ("0o17", 15), ("0_7", 7), ("0x1F", 31), ("0xff_ff", 65535), ("-0x10", -16), ("+0x10", 16),
        ("1:30", 90), ("-1:30", -90), ("190:20:30", 685230), ("9223372036854775807", Int.max),
        ("-9223372036854775808", Int.min),
    ])
    func integers(text: String, expected: Int) throws {
        let v = try Self.value(text)
        #expect(v as? Int == expected, "\(text): \(String(describing: v))")
    }

    /// Yams resolves these as integers but cannot build one, so they stay text: `-0`, `+0`,
    /// numbers past Int's range, and base-60 numbers that overflow (Yams trapped on those).
    @Test(arguments: ["-0", "+0", "9223372036854775808", "0x8000000000000000", "1:2:3:4:5:6:7:8:9:10:11",
                      "999999999999999999:00"])
    func integersYamsCannotBuildStayText(text: String) throws {
        #expect(try Self.value(text) as? String == text)
    }

    @Test(arguments: [
        ("1.5", 1.5), ("-1.5", -1.5), ("1.", 1), (".5", 0.5), ("1e5", 100000), ("1E+5", 100000), ("1.5e-3", 0.0015),
        (".5e+1", 5), ("1_000.5", 1000.5), ("1:30.5", 90.5), ("09", 9), ("1e400", .infinity),
        (".inf", .infinity), (".Inf", .infinity), ("+.INF", .infinity), ("-.inf", -.infinity),
    ])
    func floats(text: String, expected: Double) throws {
        let v = try Self.value(text)
        #expect(v as? Double == expected, "\(text): \(String(describing: v))")
        #expect(!(v is Int) && !(v is String))
    }

    @Test(arguments: [".nan", ".NaN", ".NAN"])
    func notANumber(text: String) throws {
        #expect((try Self.value(text) as? Double)?.isNaN == true)
    }

    @Test(arguments: ["~", "null", "Null", "NULL", "", "!!null x"])
    func nulls(text: String) throws {
        let v = try Self.value(text)
        if text == "!!null x" { #expect(v as? String == "x"); return }
        #expect(v is YAMLNull, "\(text): \(String(describing: v))")
        #expect(!(v is String) && !(v is Bool) && !(v is Int) && !(v is [Any]) && !(v is [String: Any]))
        #expect(String(describing: v!) == "<null>")
    }

    @Test(arguments: ["2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5",
                      "2001-12-15T02:59:43.1Z", "2001-1-1 1:00:00"])
    func timestampsAreNotText(text: String) throws {
        let v = try Self.value(text)
        #expect(v is YAMLTimestamp)
        #expect(!(v is String) && !(v is Int))
    }

    /// Plain text that only looks like a value, and quoted or block scalars, stay text.
    @Test(arguments: [
        ("nULL", "nULL"), ("tRue", "tRue"), ("y", "y"), ("0x", "0x"), ("0b2", "0b2"), ("1:60", "1:60"), ("1.2.3", "1.2.3"),
        ("inf", "inf"), ("2001-1-1", "2001-1-1"), ("2001-12-14T21:59:4", "2001-12-14T21:59:4"), ("<<", "<<"), ("=", "="),
        ("\"12\"", "12"), ("'true'", "true"), ("\"~\"", "~"), ("''", ""), ("\"1.5\"", "1.5"), ("\"2001-12-14\"", "2001-12-14"),
        ("|\n  12", "12\n"), ("1\n  2", "1 2"),
    ])
    func text(text: String, expected: String) throws {
        #expect(try Self.value(text) as? String == expected)
    }

    @Test(arguments: [
        ("!!str 12", "s:12"), ("!!str true", "s:true"), ("! 12", "s:12"), ("!foo 12", "s:12"), ("!!int \"12\"", "s:12"),
        ("!!int 0x-5", "i:-5"), ("!!int 1::2", "i:62"), ("!!int abc", "s:abc"), ("!!float 1", "d:1.0"),
        ("!!float '1.5'", "s:1.5"), ("!!bool \"yes\"", "b:true"), ("!!bool TrUe", "b:true"), ("!!bool 1", "s:1"),
        ("!!null \"\"", "null"), ("!<tag:yaml.org,2002:int> 7", "i:7"), ("!!merge x", "s:x"), ("!!timestamp x", "s:x"),
        ("!!timestamp \"2001-12-14\\n\"", "ts"), ("!!binary YWJj", "bin:[97, 98, 99]"), ("!!binary \"YQ==YQ\"", "bin:[97]"),
        ("!!binary YQ=", "s:YQ="), ("!!binary _", "s:_"), ("!!map x", "s:x"),
    ])
    func explicitTags(text: String, expected: String) throws {
        let v = try Self.value(text)
        let got: String = switch v {
        case let s as String: "s:" + s
        case let b as Bool: "b:\(b)"
        case let i as Int: "i:\(i)"
        case let d as Double: "d:\(d)"
        case is YAMLNull: "null"
        case is YAMLTimestamp: "ts"
        case let b as YAMLBinary: "bin:\(b.bytes)"
        default: "?\(String(describing: v))"
        }
        #expect(got == expected, "\(text)")
    }
}
