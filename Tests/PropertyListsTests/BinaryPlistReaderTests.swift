import Testing
@testable import PropertyLists

@Suite struct BinaryPlistReaderTests {
    typealias B = BinaryPlistBuilder

    @Test func everyValueType() throws {
        var b = B()
        let keys = ["s", "u", "i", "neg", "r", "f", "t", "no", "d", "data", "uid", "arr", "big", "uneg", "ubig"].map { b.add(B.ascii($0)) }
        let values = [
            b.add(B.ascii("hello")), b.add(B.utf16("héllo 👋")), b.add([0x10, 0xFF]), b.add(B.int(-42)),
            b.add(B.real(1.5)), b.add([0x22] + B.be(UInt64(Float(0.25).bitPattern), size: 4)), b.add([0x09]), b.add([0x08]),
            b.add(B.date(725_760_000)), b.add(B.data([1, 2, 3])), b.add([0x81, 0x01, 0x02]),
            b.add(b.array([])),
            b.add([0x14] + B.be(0, size: 8) + B.be(UInt64.max, size: 8)),
            b.add([0x14] + B.be(UInt64.max, size: 8) + B.be(UInt64.max - 1, size: 8)),
            b.add([0x14] + B.be(UInt64(1) << 62, size: 8) + B.be(5, size: 8)),
        ]
        let top = b.add(b.dict(Array(zip(keys, values))))
        let doc = try PropertyListReader.read(b.build(top: top))
        #expect(doc.format == .binary)
        #expect(doc.encoding == nil)
        let text = CanonicalText.render(.decoded(doc))
        #expect(text == """
            bundlediff-plist 1
            format: binary

            s = "hello"
            u = "héllo 👋"
            i = integer 255
            neg = integer -42
            r = real 1.5
            f = real 0.25
            t = true
            no = false
            d = date 2024-01-01T00:00:00Z 725760000.0
            data = data <010203>
            uid = uid 258
            arr = array
            big = integer 18446744073709551615
            uneg = integer -2
            ubig = integer 85070591730234615865843651857942052869

            """)
    }

    @Test func exponentialSharedReferencesAreRejected() {
        // 40 arrays, each referencing the next one twice: ~200 bytes, 2^40 values expanded.
        var b = B()
        let leaf = b.add(B.ascii("x"))
        var previous = leaf
        for _ in 0..<40 { previous = b.add(b.array([previous, previous])) }
        let bytes = b.build(top: previous, offsetSize: 1)
        #expect(bytes.count < 250)
        let error = plistError { _ = try PropertyListReader.read(bytes) }
        #expect(error?.message == "binary plist: more than 4000000 values once shared references are expanded")
    }

    @Test func sharedReferencesWithinBudgetDecode() throws {
        var b = B()
        let leaf = b.add(B.ascii("x"))
        var previous = leaf
        for _ in 0..<10 { previous = b.add(b.array([previous, previous])) }
        let doc = try PropertyListReader.read(b.build(top: previous))
        var value = doc.root
        var depth = 0
        while case .array(let items) = value { #expect(items.count == 2); value = items[1]; depth += 1 }
        #expect(depth == 10)
        #expect(value == .string("x"))
    }

    @Test func cycleIsRejected() {
        var b = B()
        b.add(b.array([1]))
        b.add(b.array([0]))
        let error = plistError { _ = try PropertyListReader.read(b.build(top: 0)) }
        #expect(error?.message == "binary plist: object 0 contains itself (reference cycle)")
    }

    @Test func selfReferenceIsRejected() {
        var b = B()
        b.add(b.array([0]))
        #expect(plistError { _ = try PropertyListReader.read(b.build(top: 0)) }?.message
            == "binary plist: object 0 contains itself (reference cycle)")
    }

    @Test func nanDateIsRejected() {
        var b = B()
        b.add(B.date(.nan))
        let error = plistError { _ = try PropertyListReader.read(b.build(top: 0)) }
        #expect(error?.description == "at byte 8: binary plist: date is NaN")
    }

    @Test func depthLimit() {
        var b = B()
        var previous = b.add(B.ascii("x"))
        for _ in 0..<20 { previous = b.add(b.array([previous])) }
        let limits = PlistLimits(maxBytes: 1 << 20, maxDepth: 10, maxObjects: 100)
        #expect(plistError { _ = try PropertyListReader.read(b.build(top: previous), limits: limits) }?.message
            == "binary plist: nesting deeper than 10 levels")
    }

    @Test func truncatedTrailer() {
        var b = B()
        b.add(B.ascii("hello"))
        let bytes = Array(b.build(top: 0).dropLast(5))
        #expect(plistError { _ = try PropertyListReader.read(bytes) } != nil)
        #expect(plistError { _ = try PropertyListReader.read(Array("bplist00".utf8)) }?.message
            == "binary plist: file too short for a header and trailer")
    }

    @Test func offsetOutOfRange() {
        var b = B()
        b.add(B.ascii("hello"))
        var bytes = b.build(top: 0)
        let table = bytes.count - 32 - 2
        bytes[table] = 0x7F
        let offset = 0x7F00 | Int(bytes[table + 1])
        #expect(plistError { _ = try PropertyListReader.read(bytes) }?.description
            == "at byte \(table): binary plist: object 0 has offset \(offset) outside the object area")
    }

    @Test func hugeDeclaredCounts() {
        var b = B()
        b.add([0xAF, 0x13] + B.be(UInt64.max / 2, size: 8))
        #expect(plistError { _ = try PropertyListReader.read(b.build(top: 0)) }?.message
            == "binary plist: object count 9223372036854775807 exceeds the file size")
        var c = B()
        c.add([0x5F, 0x11, 0x10, 0x00, 0x41])
        #expect(plistError { _ = try PropertyListReader.read(c.build(top: 0)) }?.message
            == "binary plist: object count 4096 exceeds the file size")
    }

    @Test func trailerCountsAreChecked() {
        var b = B()
        b.add(B.ascii("x"))
        var bytes = b.build(top: 0)
        let t = bytes.count - 32
        bytes.replaceSubrange(t + 8..<t + 16, with: B.be(UInt64.max, size: 8))
        #expect(plistError { _ = try PropertyListReader.read(bytes) }?.message
            == "binary plist: object count 18446744073709551615 is out of range")
        var top = b.build(top: 5)
        #expect(plistError { _ = try PropertyListReader.read(top) }?.message
            == "binary plist: top object 5 is not below the object count 1")
        top[t + 7] = 0
        #expect(plistError { _ = try PropertyListReader.read(top) }?.message == "binary plist: object reference size 0 is not 1…8")
    }

    @Test func badReferencesKeysAndTypes() {
        var b = B()
        b.add(b.array([9]))
        #expect(plistError { _ = try PropertyListReader.read(b.build(top: 0)) }?.message
            == "binary plist: reference to object 9 beyond the object count 1")
        var d = B()
        d.add(B.int(1))
        d.add(d.dict([(0, 0)]))
        #expect(plistError { _ = try PropertyListReader.read(d.build(top: 1)) }?.message
            == "binary plist: dictionary key is not a string")
        for marker: [UInt8] in [[0x00], [0xC1, 0x00], [0x70], [0x15], [0x21, 0, 0]] {
            var o = B()
            o.add(marker + [0, 0, 0, 0, 0, 0, 0, 0])
            #expect(plistError { _ = try PropertyListReader.read(o.build(top: 0)) } != nil)
        }
        var s = B()
        s.add([0x51, 0xC3])
        #expect(plistError { _ = try PropertyListReader.read(s.build(top: 0)) }?.message
            == "binary plist: ASCII string contains byte 0xc3")
        var u = B()
        u.add([0x61, 0xD8, 0x00])
        #expect(plistError { _ = try PropertyListReader.read(u.build(top: 0)) }?.message
            == "binary plist: string has an unpaired UTF-16 surrogate")
    }

    @Test func duplicateKeysAreRecorded() throws {
        var b = B()
        let k = b.add(B.ascii("k"))
        let one = b.add([0x10, 1])
        let two = b.add([0x10, 2])
        let inner = b.add(b.dict([(k, one), (k, two)]))
        let top = b.add(b.dict([(b.add(B.ascii("outer")), inner)]))
        let doc = try PropertyListReader.read(b.build(top: top))
        #expect(doc.duplicateKeys == [DuplicateKey(dictionaryPath: ["outer"], key: "k", lines: [])])
        #expect(doc.root["outer"]?["k"] == .integer(PlistInteger(2)))
    }

    @Test func unsupportedVersion() {
        #expect(plistError { _ = try PropertyListReader.read(Array("bplist15".utf8) + [UInt8](repeating: 0, count: 40)) }?.message
            == "binary plist: unsupported header (expected bplist00)")
    }
}
