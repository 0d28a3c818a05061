import Testing
@testable import PropertyLists

@Suite struct CanonicalTextTests {
    static let hostile = [
        "", "line\nbreak", "quote\" and \\ backslash", "<script>alert(1)</script>", "\u{202E}evil\u{202C}",
        "rtl \u{200F} mark", "tab\there", "cr\r", "nul\u{0}x", "\u{2028}sep", "zero\u{200B}width", "bom\u{FEFF}",
        "emoji 👩‍👩‍👧 ok", "key.with.dots", "key[0]", "$", "a = b", "é combining e\u{301}", "\u{7F}\u{85}",
    ]

    static func sample() -> PlistDocument {
        var inner = PlistDictionary()
        inner["Odd key.with dots"] = .string("x")
        inner[""] = .string("empty key")
        inner["key[0]"] = .array([])
        var root = PlistDictionary()
        root["CFBundleIdentifier"] = .string("com.example.app")
        root["UIDeviceFamily"] = .array([.integer(PlistInteger(1)), .integer(PlistInteger(2))])
        root["CFBundleIcons"] = .dictionary(inner)
        root["Ratio"] = .real(1.5)
        root["Tiny"] = .real(.leastNonzeroMagnitude)  // 5e-324
        root["Inf"] = .real(-.infinity)
        root["Flag"] = .boolean(true)
        root["Off"] = .boolean(false)
        root["Built"] = .date(725_846_400)
        root["Old"] = .date(-978_307_200.25)
        root["Far"] = .date(1e300)
        root["Blob"] = .data([0x0A, 0x0B, 0xFF])
        root["NoBlob"] = .data([])
        root["Empty"] = .dictionary(PlistDictionary())
        root["Big"] = .integer(PlistInteger(isNegative: true, high: 1 << 62, low: 7))
        root["UMax"] = .integer(PlistInteger(unsigned: .max))
        root["Archive"] = .uid(42)
        root["Nested"] = .array([.array([.dictionary(PlistDictionary([("a", .string("b"))]))]), .array([])])
        for (i, s) in hostile.enumerated() { root["h\(i)"] = .string(s); root[s] = .integer(PlistInteger(Int64(i))) }
        return PlistDocument(format: .xml, encoding: .utf16LEBOM, root: .dictionary(root), duplicateKeys: [
            DuplicateKey(dictionaryPath: [], key: "greeting", lines: [3, 9]),
            DuplicateKey(dictionaryPath: ["CFBundleIcons", "0", "odd key"], key: "a.b", lines: []),
        ])
    }

    static func countValues(_ value: PlistValue) -> Int {
        switch value {
        case .array(let items): 1 + items.map(countValues).reduce(0, +)
        case .dictionary(let d): 1 + d.entries.map { countValues($0.value) }.reduce(0, +)
        default: 1
        }
    }

    @Test func exampleLines() {
        let doc = PlistDocument(format: .binary, root: .dictionary(PlistDictionary([
            ("CFBundleVersion", .string("45")),
            ("UIDeviceFamily", .array([.integer(PlistInteger(1))])),
            ("CFBundleIcons", .dictionary(PlistDictionary([("Odd key.with dots", .string("x"))]))),
            ("Built", .date(725_760_000)),
            ("Blob", .data([0x0A, 0x0B])),
            ("Empty", .dictionary(PlistDictionary())),
        ])), duplicateKeys: [DuplicateKey(dictionaryPath: [], key: "greeting", lines: [3, 9])])
        #expect(CanonicalText.render(.decoded(doc)) == """
            bundlediff-plist 1
            format: binary
            duplicate-key: greeting lines 3,9

            CFBundleVersion = "45"
            UIDeviceFamily = array
            UIDeviceFamily[0] = integer 1
            CFBundleIcons = dictionary
            CFBundleIcons."Odd key.with dots" = "x"
            Built = date 2024-01-01T00:00:00Z 725760000.0
            Blob = data <0a0b>
            Empty = dictionary

            """)
    }

    @Test func roundTripSample() throws {
        let doc = Self.sample()
        let text = CanonicalText.render(.decoded(doc))
        #expect(try CanonicalText.parse(text) == .decoded(doc))
    }

    @Test func hostileStringsStayOnOneLine() {
        let text = CanonicalText.render(.decoded(Self.sample()))
        // Header (6 lines incl. the blank one) + one line per value below the root + the
        // empty string after the final newline.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 6 + Self.countValues(Self.sample().root) - 1 + 1)
        #expect(text.contains("h4 = \"\\u{202E}evil\\u{202C}\""))
        #expect(text.contains("h1 = \"line\\nbreak\""))
        #expect(text.contains("h3 = \"<script>alert(1)</script>\""))
        #expect(text.contains("\"key.with.dots\" = integer 13"))
        #expect(!text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{202E}" || $0 == "\u{FEFF}" })
    }

    @Test(arguments: [
        PlistValue.string("root string"), .array([]), .integer(PlistInteger(-5)), .real(0.1), .boolean(false),
        .date(0), .data([1, 2]), .uid(0), .array([.array([]), .string("\"")]), .dictionary(PlistDictionary()),
    ])
    func roundTripRoots(_ root: PlistValue) throws {
        let doc = DecodedPlist.decoded(PlistDocument(format: .openStep, encoding: .utf8, root: root))
        #expect(try CanonicalText.parse(CanonicalText.render(doc)) == doc)
    }

    /// Printable ASCII is written as it is (one append); everything else as the scalar rules say.
    @Test func quotedStringMatchesTheScalarRules() {
        func reference(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    out += scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{200B}"
                        ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : String(scalar)
                }
            }
            return out + "\""
        }
        for value in 0..<0xA0 {
            let scalar = Unicode.Scalar(UInt8(value))
            for s in [String(scalar), "_sym" + String(scalar) + "bol", "plain \u{200B}" + String(scalar)] {
                #expect(CanonicalText.quotedString(s) == reference(s), "\(value)")
            }
        }
        var out = "x "
        CanonicalText.appendQuotedString("_objc_msgSend", to: &out)
        #expect(out == "x \"_objc_msgSend\"")
    }

    @Test func nonDictionaryRootUsesDollar() {
        let doc = DecodedPlist.decoded(PlistDocument(format: .binary, root: .array([.string("a"), .real(.nan)])))
        #expect(CanonicalText.render(doc) == "bundlediff-plist 1\nformat: binary\n\n$ = array\n$[0] = \"a\"\n$[1] = real nan\n")
    }

    @Test func nanRealRoundTripsAsNaN() throws {
        let doc = DecodedPlist.decoded(PlistDocument(format: .binary, root: .real(.nan)))
        let parsed = try CanonicalText.parse(CanonicalText.render(doc))
        guard case .decoded(let d) = parsed, case .real(let r) = d.root else { Issue.record("not a real"); return }
        #expect(r.isNaN)
    }

    @Test func undecodable() throws {
        let doc = DecodedPlist.undecodable(reason: "line 3: bad\nthing \"x\"")
        let text = CanonicalText.render(doc)
        #expect(text == "bundlediff-plist 1\nformat: undecodable\nerror: \"line 3: bad\\nthing \\\"x\\\"\"\n")
        #expect(try CanonicalText.parse(text) == doc)
    }

    @Test func datesRenderISOFromOwnCalendar() {
        #expect(PlistDate.iso8601(0) == "2001-01-01T00:00:00Z")
        #expect(PlistDate.iso8601(-0.5) == "2000-12-31T23:59:59Z")
        #expect(PlistDate.iso8601(-978_307_200) == "1970-01-01T00:00:00Z")
        #expect(PlistDate.iso8601(99_999_999_999) == "5169-11-16T09:46:39Z")
        #expect(PlistDate.iso8601(300_000_000_000) == nil)
        #expect(PlistDate.iso8601(.infinity) == nil)
        #expect(PlistDate.iso8601(36_000_000) == "2002-02-21T16:00:00Z")
        #expect(PlistDate.parseISO8601("2000-02-29T12:34:56Z") == -26_479_504)
        #expect(PlistDate.parseISO8601("2001-02-29T00:00:00Z") == nil)
        #expect(PlistDate.parseISO8601("2001Z") == 0)
        #expect(PlistDate.parseISO8601("2001-01-01T00:00:00") == nil)
    }

    @Test(arguments: [
        "", "bundlediff-plist 1\n", "bundlediff-plist 2\nformat: xml\n\n", "bundlediff-plist 1\nformat: xml\n",
        "bundlediff-plist 1\nformat: nope\n\n", "bundlediff-plist 1\nformat: xml\n\nA = 1\n",
        "bundlediff-plist 1\nformat: xml\n\nA = integer 01\n", "bundlediff-plist 1\nformat: xml\n\nA = \"x\n",
        "bundlediff-plist 1\nformat: xml\n\nA[0] = \"x\"\n", "bundlediff-plist 1\nformat: xml\n\nA = array\nA[1] = true\n",
        "bundlediff-plist 1\nformat: xml\n\nA = true\nA = true\n", "bundlediff-plist 1\nformat: xml\n\n$ = true\n$ = true\n",
        "bundlediff-plist 1\nformat: xml\n\n\"A\" = true\n", "bundlediff-plist 1\nformat: xml\n\nA = date - nan\n",
        "bundlediff-plist 1\nformat: xml\n\nA = date 2001-01-01T00:00:01Z 0.0\n", "bundlediff-plist 1\nformat: xml\n\nA = data <0>\n",
        "bundlediff-plist 1\nformat: xml\n\nA = \"\\q\"\n", "bundlediff-plist 1\nformat: xml\n\nA = \"\\u{D800}\"\n",
        "bundlediff-plist 1\nformat: xml\nencoding: latin1\n\n", "bundlediff-plist 1\nformat: undecodable\nerror: x\n",
        "bundlediff-plist 1\nformat: xml\n\nA = real 1.50\n", "bundlediff-plist 1\nformat: xml\n\nA = uid -1\n",
    ])
    func rejectsMalformed(_ text: String) {
        #expect(throws: PlistError.self) { try CanonicalText.parse(text) }
    }
}
