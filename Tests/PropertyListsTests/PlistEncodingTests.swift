import Foundation
import PropertyLists
import Testing

/// The encoding the derived cache keeps decoded property lists in (`PlistEncoding`), the
/// documents whose root stays encoded until it is read, and the comparison of two encoded
/// seals without decoding them. `Fuzz/seeds/encoding/` holds inputs for `PlistEncodingFuzz`
/// (rewritten with BUNDLEDIFF_UPDATE_GOLDEN=1).
@Suite struct PlistEncodingTests {
    static func encode(_ value: PlistValue) -> [UInt8] {
        var out: [UInt8] = []
        #expect(PlistEncoding.append(value, to: &out))
        return out
    }

    static func seal(_ files: [(String, PlistValue)], extra: [(String, PlistValue)] = []) -> PlistValue {
        .dictionary(PlistDictionary(extra + [("files2", .dictionary(PlistDictionary(files)))]))
    }

    static func entry(_ digest: UInt8, optional: Bool = false) -> PlistValue {
        .dictionary(PlistDictionary([("hash2", .data([UInt8](repeating: digest, count: 32)))]
            + (optional ? [("optional", .boolean(true))] : [])))
    }

    static let sample = PlistValue.dictionary(PlistDictionary([
        ("s", .string("caf\u{E9}")), ("i", .integer(PlistInteger(-7))), ("u", .integer(PlistInteger(unsigned: .max))),
        ("r", .real(-0.5)), ("b", .boolean(true)), ("d", .date(1e9)), ("x", .data([0, 255])), ("id", .uid(3)),
        ("a", .array([.string(""), .array([]), .dictionary(PlistDictionary())])),
    ]))

    /// The cache's own read (`decodeOwn`) gives what the strict read gives, large
    /// dictionaries included; their key tables, made by the first look-up, answer every key
    /// from both cores at once, and a dictionary read so changes as any other does.
    @Test func ownReadsGiveTheStrictReadsValues() throws {
        let pairs = (0..<40).map { ("key.\($0)", PlistValue.string("text \($0)")) }
        let large = PlistValue.dictionary(PlistDictionary(pairs + [("nested", Self.sample)]))
        for value in [Self.sample, large, .array([large, Self.sample])] {
            let bytes = Self.encode(value)
            #expect(bytes.withUnsafeBytes(PlistEncoding.decodeOwn) == value)
            for cut in [1, bytes.count / 2, bytes.count - 1] {
                #expect(Array(bytes.prefix(cut)).withUnsafeBytes(PlistEncoding.decodeOwn) == nil)
            }
        }
        let read = try #require(Self.encode(large).withUnsafeBytes(PlistEncoding.decodeOwn)?.dictionaryValue)
        final class Count: @unchecked Sendable {
            let lock = NSLock()
            var right = 0
        }
        let count = Count()
        DispatchQueue.concurrentPerform(iterations: 4) { k in
            let order = k % 2 == 0 ? pairs : pairs.reversed()
            let ok = order.allSatisfy { read[$0.0] == $0.1 } && read["absent"] == nil && read["nested"] == Self.sample
            count.lock.withLock { count.right += ok ? 1 : 0 }
        }
        #expect(count.right == 4)
        var changed = read
        changed["key.3"] = .boolean(true)
        changed["key.40"] = .string("new")
        changed["key.0"] = nil
        let appended = changed.appendNew("key.5", .string("twice"))
        #expect(!appended)
        var expected = PlistDictionary(pairs + [("nested", Self.sample)])
        expected["key.3"] = .boolean(true)
        expected["key.40"] = .string("new")
        expected["key.0"] = nil
        #expect(changed == expected && changed["key.40"] == .string("new") && changed["key.0"] == nil)
        #expect(read["key.0"] == pairs[0].1 && read.count == 41, "the copy read back is unchanged")
    }

    @Test func valuesRoundTripAndAnyCutOfThemIsRefused() {
        let bytes = Self.encode(Self.sample)
        #expect(bytes.withUnsafeBytes { PlistEncoding.decode($0) } == Self.sample)
        #expect(bytes.withUnsafeBytes(PlistEncoding.isWellFormed))
        for cut in 0..<bytes.count {
            let prefix = Array(bytes[..<cut])
            #expect(!prefix.withUnsafeBytes(PlistEncoding.isWellFormed))
            #expect(prefix.withUnsafeBytes { PlistEncoding.decode($0, keepingFirstKey: true) } == nil)
        }
        #expect(!(bytes + [0]).withUnsafeBytes(PlistEncoding.isWellFormed))
    }

    @Test func tooDeepIsNeitherWrittenNorRead() {
        var deep = PlistValue.array([])
        for _ in 0..<PlistEncoding.maxDepth { deep = .array([deep]) }
        var out: [UInt8] = []
        #expect(!PlistEncoding.append(deep, to: &out))
        // The same nesting written by hand: refused by both readers.
        var bytes: [UInt8] = []
        for _ in 0...PlistEncoding.maxDepth { bytes += [22, 1, 0, 0, 0] }
        bytes += [22, 0, 0, 0, 0]
        #expect(!bytes.withUnsafeBytes(PlistEncoding.isWellFormed))
        #expect(bytes.withUnsafeBytes { PlistEncoding.decode($0, keepingFirstKey: true) } == nil)
    }

    /// A key written twice (the encoder never does): refused by the strict read, the first
    /// entry kept by the lenient one, which `isWellFormed` answers for.
    @Test func aKeyTwiceIsRefusedOrKeptFirst() {
        var bytes: [UInt8] = [23]
        bytes.appendLittleEndian(UInt32(2))
        for value: UInt8 in [1, 0] {
            bytes.appendRun("k".utf8)
            bytes += [19, value]
        }
        #expect(bytes.withUnsafeBytes { PlistEncoding.decode($0) } == nil)
        #expect(bytes.withUnsafeBytes { PlistEncoding.decode($0, keepingFirstKey: true) }
                == .dictionary(PlistDictionary([("k", .boolean(true))])))
        #expect(bytes.withUnsafeBytes(PlistEncoding.isWellFormed))
    }

    @Test func aDocumentDecodesItsRootWhenFirstRead() throws {
        let bytes = Self.encode(Self.sample)
        let later = try #require(PlistDocument(format: .binary, encoding: nil, duplicateKeys: [], encodedRoot: bytes))
        let now = PlistDocument(format: .binary, root: Self.sample)
        #expect(later.undecodedRoot == bytes)
        #expect(later == now && later.hashValue == now.hashValue)
        #expect(later.root == Self.sample)
        #expect(later.undecodedRoot == nil)
        var edited = later
        edited.root = .string("x")
        #expect(edited.root == .string("x") && later.root == Self.sample)
        #expect(PlistDocument(format: .xml, encoding: nil, duplicateKeys: [], encodedRoot: Array(bytes.dropLast())) == nil)
    }

    /// Eight tasks reading one root at once: one decodes it (the others wait), all get it.
    @Test func aRootReadOnManyThreadsIsTheSameForAll() async throws {
        let document = try #require(PlistDocument(format: .xml, encoding: nil, duplicateKeys: [],
                                                  encodedRoot: Self.encode(Self.sample)))
        let roots = await withTaskGroup(of: PlistValue.self) { group in
            for _ in 0..<8 { group.addTask { document.root } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(roots.count == 8 && roots.allSatisfy { $0 == Self.sample })
    }

    @Test func entriesAreTheDecodedDictionarysEntries() throws {
        let files = [("a", Self.entry(1)), ("b/c", Self.entry(2, optional: true))]
        let bytes = Self.encode(Self.seal(files, extra: [("rules2", .dictionary(PlistDictionary())), ("files", .string("x"))]))
        let listed = try #require(bytes.withUnsafeBytes { b in
            PlistEncoding.entries(at: ["files2", "rules2"], in: b).map { tables in
                tables.map { entries in
                    entries.map { (String(decoding: b[$0.key], as: UTF8.self), PlistEncoding.decode(UnsafeRawBufferPointer(rebasing: b[$0.value]))) }
                }
            }
        })
        #expect(listed.count == 2 && listed[1].isEmpty)
        #expect(listed[0].map(\.0) == ["a", "b/c"] && listed[0].map(\.1) == files.map(\.1))
        // Something else at the key, no such key, a root that is not a dictionary: empty.
        for (key, value) in [("files", Self.seal(files, extra: [("files", .string("x"))])), ("none", Self.seal(files)),
                             ("files2", .array([]))] {
            #expect(Self.encode(value).withUnsafeBytes { PlistEncoding.entries(at: [key], in: $0)?.map(\.count) } == [0])
        }
        #expect(Array(bytes.dropLast()).withUnsafeBytes { PlistEncoding.entries(at: ["files2"], in: $0) } == nil)
    }

    /// What comparing two decoded seals key by key finds, in the same order.
    static func differing(_ x: PlistValue, _ y: PlistValue, at tables: [String] = ["files2"]) -> [String] {
        tables.flatMap { table in
            let a = x[table]?.dictionaryValue ?? PlistDictionary(), b = y[table]?.dictionaryValue ?? PlistDictionary()
            return a.entries.filter { b[$0.key] != $0.value }.map(\.key) + b.keys.filter { a[$0] == nil }
        }
    }

    @Test func differingKeysAreThoseOfTheDecodedSeals() throws {
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        let old = Self.seal([("a", Self.entry(1)), ("gone", Self.entry(2)), (nfc, Self.entry(3)), ("b", Self.entry(4)),
                             ("same", Self.entry(5))])
        let cases: [PlistValue] = [
            old,
            // Changed, added, removed, another Unicode form (same and other value), an entry
            // of other bytes but the same value (a dictionary in another key order).
            Self.seal([("b", Self.entry(9)), ("a", Self.entry(1)), ("new", Self.entry(6)), (nfd, Self.entry(3)),
                       ("same", .dictionary(PlistDictionary([("hash2", .data([UInt8](repeating: 5, count: 32)))])))]),
            Self.seal([(nfd, Self.entry(7)), ("same", Self.entry(5, optional: true))]),
            // The same keys in step, then the order lost.
            Self.seal([("a", Self.entry(1)), ("gone", Self.entry(8)), ("b", Self.entry(4)), (nfc, Self.entry(3)),
                       ("same", Self.entry(5))], extra: [("files", .dictionary(PlistDictionary([("a", .data([1]))])))]),
            Self.seal([]),
            .dictionary(PlistDictionary([("files2", .string("not a dictionary"))])),
            .string("not a seal"),
        ]
        for x in cases {
            for y in cases {
                let found = Self.encode(x).withUnsafeBytes { a in Self.encode(y).withUnsafeBytes { b in
                    PlistEncoding.differingKeys(at: ["files", "files2"], a, b)
                } }
                #expect(found == Self.differing(x, y, at: ["files", "files2"]))
            }
        }
        let broken = Array(Self.encode(old).dropLast())
        #expect(broken.withUnsafeBytes { a in Self.encode(old).withUnsafeBytes { PlistEncoding.differingKeys(at: ["files2"], a, $0) } } == nil)
        if ProcessInfo.processInfo.environment["BUNDLEDIFF_UPDATE_GOLDEN"] == "1" { try Self.writeSeeds(cases) }
    }

    /// Pairs of encodings, as `PlistEncodingFuzz` reads its input.
    static func writeSeeds(_ cases: [PlistValue]) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds/encoding")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (n, (x, y)) in zip(cases, cases.dropFirst() + [Self.sample]).enumerated() {
            let a = encode(x), b = encode(y)
            // The first byte that makes the second encoding start right after the first.
            let total = 1 + a.count + b.count
            let split = (0...255).first { (n: Int) -> Bool in n * (total - 1) / 256 == a.count } ?? 128
            try Data([UInt8(split)] + a + b).write(to: folder.appendingPathComponent("pair-\(n)"))
        }
    }
}
