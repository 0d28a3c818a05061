// TEMPORARY: inputs for YAMLDifferentialTests.
import Foundation

enum DifferentialInputs {
    static let tokens: [String] = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF", "tRue", "y", "n", "Y", "N", "yEs", "oN",
        "0", "-0", "+0", "00", "012", "0o17", "0o", "0o8", "0b101", "0b", "-0b1_0", "0b2", "0x1F", "0xff_ff", "-0x10",
        "+0x10", "0x", "0xG", "1_000", "1__", "_1", "1_", "9223372036854775807", "9223372036854775808",
        "-9223372036854775808", "-9223372036854775809", "0x7fffffffffffffff", "0x8000000000000000", "-0x8000000000000000",
        "1:30", "-1:30", "+1:30", "1:30:45", "1:60", "1:5", "1:05", "1:005", "0:30", "190:20:30",
        "1:2:3:4:5:6:7:8:9:10", "1_0:3_0", "09", "08", "0_7", "0o_", "0b_", "0x_", "07", "0_", "_", "__",
        "1.5", "-1.5", "+1.5", "1.", ".5", "._", "._5", "1e5", "1E+5", "1.5e-3", ".5e+1", ".5e1", "1_000.5",
        "1:30.5", "1:30.", "-1:30.5", "1:30.5_5", "1:3a.5", ".inf", "-.inf", "+.inf", ".Inf", ".INF", ".nan", ".NaN",
        ".NAN", "+.nan", "-.nan", "inf", "nan", "NaN", "1e400", "-1e400", "1e-400", "0x1p3", "1.2.3", "1e", "e5", "1e+",
        "1_e5", "1.5_", "0.0", "-0.0", "012.5", "0x1.8p1",
        "<<", "=", "~", "null", "Null", "NULL", "nULL", "",
        "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5", "2001-12-15T02:59:43.1Z",
        "2001-12-15 2:59:43.10", "2001-1-1 1:00:00", "2001-1-1", "2001-13-45", "12345-01-01", "2001-12-14T21:59:43+05:30",
        "2001-12-14T21:59:43 Z", "2001-12-14T21:59:43z", "2001-12-14T21:59:43.", "2001-12-14\t21:59:43",
        "2001-12-14T1:59:43+5:30", "2001-12-14T21:59:4", "2001-12-14T21:5:43", "2001-12-1", "2001-12-14T21:59:43+05:3",
        "abc", "a b", "1 2", "true x", "0x1G", "1:2:3.4.5", "-", "+", ".", "-a", "é", "１２", "٣", "1\u{301}", "a:b",
        "1:", ":1", "1::2", "http://x", "-1_2:3_4",
    ]

    static let tags: [String] = [
        "!!str", "!!int", "!!float", "!!bool", "!!null", "!!timestamp", "!!binary", "!!map", "!!seq", "!!set",
        "!!omap", "!!pairs", "!!merge", "!!value", "!", "!foo", "!<tag:yaml.org,2002:int>", "!!yaml",
    ]

    static let binaries: [String] = [
        "aGVsbG8=", "aGVsbG8", "aGVs bG8=", "a===", "====", "!!!!", "aGVsbG8=x", "YQ==", "YQ=", "Y Q = =", "YQ==YQ==",
        "YWJj", "YWJjZA", "=YWJj", "YW=Jj", "é", "YWJjZA==\\n",
    ]

    static let structures: [String] = [
        "a: &x 1\nb: *x\n",
        "base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 3\n",
        "a: &a {x: 1}\nb: &b {x: 2, z: 3}\nc:\n  <<: [*a, *b]\n",
        "a: &a {x: 1}\nb: &b {x: 2}\nc: {<<: *a, <<: *b}\n",
        "a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: *b, z: 3}\n",
        "c: {<<: 1, a: 2}\n",
        "a: &a {x: 1}\nc: {<<: [1, *a, [2]], b: 2}\n",
        "c: {\"<<\": 1}\n",
        "a: &a {x: 1}\nc: {!!merge foo: *a}\n",
        "a: &a {x: 1}\nc: {y: 2, <<: *a, x: 3}\n",
        "c: {=: 1, a: =}\n",
        "c: {<<: {<<: {deep: 1}}}\n",
        "a: &a {x: 1}\nc: {<<: *a}\nd: *a\n",
        "a: &a {\"=\": 1}\nc: {<<: *a}\n",
        "a: 1\na: 2\n",
        "1: a\ntrue: b\n~: c\n: d\n\"q\": e\n? |\n  lit\n: f\n1.5: g\n0x10: h\n",
        "s: !!set {a, b, ? c}\n",
        "!!set\n? a\n? b\n",
        "!!set {<<: {a: 1}, b}\n",
        "o: !!omap [a: 1, b: 2, c]\n",
        "!!pairs\n- a: 1\n- {}\n- [x]\n- b: 2\n  c: 3\n- 1: 2\n",
        "!!omap {a: 1}\n", "!!set [a]\n", "!!seq {a: 1}\n", "!!map [1]\n", "!foo [1]\n", "! {a: 1}\n", "!!str [a]\n",
        "!!int {a: 1}\n", "! [a]\n", "!!binary [a]\n",
        "a: &x 1\nb: &x 2\nc: *x\n",
        "a: &x [*x]\n",
        "a: &x 1\nb: &x [*x]\nc: *x\n",
        "a: &x {k: *x}\n",
        "a: *nope\n",
        "a: 1\n---\nb: 2\n", "---\n...\n---\n", "a\n---\n", "---\na: 1\n...\n",
        "", "# only\n", "---\n", "---\n...\n", "...\n", "\n\n", "---\n# c\n", "--- ~\n", "--- |\n  x\n",
        "a: [1, 2", "a: b: c", "\t- x", "- a\nb: c", "\"unterminated", "a: \u{07}", "key: 'a\n", "a:\n\t- b\n",
        "%YAML 1.1\n---\na: 1\n", "%YAML 1.2\n---\na: 1\n", "%YAML 2.0\n---\na: 1\n",
        "%TAG !e! tag:example.com,2000:\n---\na: !e!x 1\n", "%TAG !! tag:example.com,2000:\n---\na: !!int 1\n",
        "a: !e!x 1\n", "a: !<!> 1\n", "a: !!%69nt 1\n",
        "- a\n- b\n", "just text", "42", "!!str 42", "[]", "{}", "~", "true", "\"x\"", "&a b", "*a",
        "? [a]\n: b\n", "{{a: b}: c}", "x: &s [1]\n? *s\n: v\n", "rules:\n  ? [a]\n  : off\n", "[{a: 1}: b]\n", "? {a: 1}\n",
        "\u{FEFF}a: 1\n", "a: \"x\\0y\"\n", "a: \"\\u263A\"\n", "a: '\u{2028}'\n", "a: \"1\\n\"\n",
        "a: |\n  text\n  more\n", "a: >-\n  1\n", "a: |\n  true\n", "a: >\n  12\n", "a: ! |\n  12\n", "a: !!int |\n  12\n",
        "a: 1\n  2\n", "a: true\n  x\n", "a: - b\n", "a:\n- 1\n- 2\n", "- - - x\n", "a: [b, {c: d}, [e]]\n",
        "a: !!null \"\"\n", "a: !!bool \"yes\"\n", "a: !!int \"12\"\n", "a: !!float '1.5'\n", "a: !!bool \"TRUE\"\n",
        "a: !!timestamp \"2001-12-14\\n\"\n", "a: !!timestamp \"2001-12-14\\r\\n\"\n", "a: !!timestamp \"2001-12-14\\n\\n\"\n",
        "a: !!timestamp \"2001-12-14\\L\"\n", "a: !!timestamp \"2001-12-14\\v\"\n", "a: !!timestamp \"2001-12-14 \"\n",
        "a: !!int 0x-5\n", "a: !!int -0x-5\n", "a: !!int 1::2\n", "a: !!int \"1:2\"\n", "a: !!float 1::2\n",
        "a: !!int 0x+5\n", "a: !!int 1:x:2\n", "a: !!int 1:+2\n", "a: !!int 1:-2\n", "a: !!float .5:1\n",
        "a: !!bool 1\n", "a: !!null ~\n", "a: !!null x\n", "a: !!int 1.5\n", "a: !!float 1\n", "a: !!float 0x10\n",
        "a: !!float inf\n", "a: !!float infinity\n", "a: !!float -nan\n", "a: !!float \" 1\"\n", "a: !!int \" 1\"\n",
        "a: !!int +\n", "a: !!int -\n", "a: !!int 1__0\n", "a: !!int 0o\n", "a: !!int 0b\n", "a: !!float 1:\n",
        "a: !!merge 1\n", "a: !!value 1\n", "a: <<\n", "a: =\n", "<<: 1\n", "<<: {a: 1}\n", "=: 1\n",
        "a: !!timestamp 2001-12-14 1:00:00\n", "a: !!timestamp 2001-1-1\n", "a: !!timestamp x\n",
        "a: !!timestamp 2001-12-14 21:59:43.10 -5\n", "a: !!timestamp 2001-99-99\n",
        "version_policy: train\nfail_on: error\nonly_new: yes\nfirst_build: off\nprofile_expiry_days: 0x1e\n",
        "version_policy: &p train\nreference_language: *p\n",
        "profile_expiry_days: 30.0\n", "profile_expiry_days: 1:00\n", "profile_expiry_days: 0o17\n",
        "baseline: [a, b, 1]\n", "baseline: !!omap [a: 1]\n", "baseline: !!set {a}\n", "baseline: !!binary YWJj\n",
        "baseline: !!binary train\n", "version_policy: !!binary train\n", "rules: !!set {a}\n", "rules: !!omap [a: off]\n",
    ]

    /// Test-suite configurations and the fuzz seeds.
    static let files: [String] = {
        var out = [
            "---\n# settings [for the team]\nversion_policy: &policy train   # see docs\nfail_on: \"error\"\nrules: {l10n.untranslated: off, l10n.missing-file: warning}\nbaseline: [\n  \"l10n.missing-file|Wanderlust.app|en.lproj/Help [old].html@de\",\n  'l10n.untranslated|Wanderlust.app|{x}',\n]\nonly_new: true\n",
            "distribution: app-store\nprofile_expiry_days: 14\n", "profile_expiry_days: -1\n", "profile_expiry_days: soon\n",
            "rules:\n  structure.ios-resources-folder: warning\n", "first_build: maybe\n",
            "# bundlediff baseline: accepted findings (written by --write-baseline)\n[]\n",
            "# bundlediff baseline\n- \"a|b|c\"\n- \"l10n.x|App.app|\\u00e9\"\n",
        ]
        let dir = "/work/yaml/Fuzz/seeds/yaml"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] {
            if let text = try? String(contentsOfFile: dir + "/" + name, encoding: .utf8) { out.append(text) }
        }
        var laughs = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for i in 1..<10 { laughs.append("a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]") }
        out.append(laughs.joined(separator: "\n") + "\n")
        out.append((1..<1_400).map { "a\($0): &a\($0) [*a\($0 - 1)]" }.reduce("a0: &a0 [x]") { $0 + "\n" + $1 } + "\n")
        return out
    }()

    static let all: [String] = {
        var out = structures + files
        for t in tokens {
            out += ["v: \(t)\n", "v: \"\(t)\"\n", "v: '\(t)'\n", "v: |\n  \(t)\n", "\(t): v\n", "- \(t)\n", "[\(t)]\n"]
            for tag in tags { out += ["v: \(tag) \(t)\n", "v: \(tag) \"\(t)\"\n"] }
        }
        for b in binaries { out += ["v: !!binary \(b)\n", "v: !!binary \"\(b)\"\n"] }
        return out
    }()
}
