#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PlistEncoding {
    /// One entry of an encoded dictionary: where its key's text and its value's bytes lie.
    public struct Entry: Sendable {
        public var key: Range<Int>
        public var value: Range<Int>
    }

    /// The entries, in order, of the dictionaries that the encoded dictionary `bytes` holds
    /// at `keys`: what `root[key]?.dictionaryValue` is, for each key, for the value `bytes`
    /// decode to, found in one pass without decoding it (an app's seal holds two
    /// dictionaries of one entry for each of its files). Empty for a key when `bytes` is not a
    /// dictionary, has no such entry (keys compared as strings are), or holds something else
    /// there; nil when `bytes` are not well formed.
    public static func entries(at keys: [String], in bytes: UnsafeRawBufferPointer) -> [[Entry]]? {
        var out = [[Entry]](repeating: [], count: keys.count)
        var reader = Reader(bytes)
        guard let tag = reader.u8() else { return nil }
        guard tag == Tag.dictionary.rawValue else { return isWellFormed(bytes) ? out : nil }
        guard let count = reader.u32() else { return nil }
        var found = [Bool](repeating: false, count: keys.count)
        for _ in 0..<count {
            guard let name = reader.string() else { return nil }
            // The first entry of a key answers for it (a dictionary read back keeps the first).
            let asked = keys.indices.filter { !found[$0] && keys[$0] == name }
            for k in asked { found[k] = true }
            guard let k = asked.first, reader.peek() == Tag.dictionary.rawValue else {
                guard skip(&reader, depth: 1) else { return nil }
                continue
            }
            _ = reader.u8()
            guard let inner = reader.u32(), Int(inner) <= reader.remaining / 5 else { return nil }
            out[k].reserveCapacity(nestedReservation(inner))
            for _ in 0..<inner {
                guard let name = reader.runRange() else { return nil }
                let start = reader.offset
                guard skip(&reader, depth: 2) else { return nil }
                out[k].append(Entry(key: name, value: start..<reader.offset))
            }
            for other in asked.dropFirst() { out[other] = out[k] }
        }
        return reader.remaining == 0 ? out : nil
    }
}

extension PlistEncoding {
    /// The keys whose values differ between the dictionaries that the encoded dictionaries
    /// `x` and `y` hold at each of `keys` (`root[key]?.dictionaryValue`, an absent one read
    /// as empty), key after key: those of `x` whose value `y` does not have (a key missing
    /// there included), then those of `y` that `x` lacks, each in its dictionary's order.
    /// What comparing the decoded dictionaries key by key finds, without decoding them: keys
    /// are matched by their bytes (in step while both list the same ones, as two seals of one
    /// app do), values of equal bytes are equal, and only the rest is decoded (a key spelt in
    /// two Unicode forms is matched as strings are). nil when either is not well formed.
    public static func differingKeys(at keys: [String], _ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer) -> [String]? {
        guard let tx = entries(at: keys, in: x), let ty = entries(at: keys, in: y) else { return nil }
        return zip(tx, ty).flatMap { differingKeys($0, x, $1, y) }
    }

    /// How far ahead the walk in step looks for a key it lost (an entry added or removed).
    private static let lookAhead = 8

    private static func differingKeys(_ ex: [Entry], _ x: UnsafeRawBufferPointer,
                                      _ ey: [Entry], _ y: UnsafeRawBufferPointer) -> [String] {
        func same(_ i: Int, _ j: Int) -> Bool {
            sameBytes(UnsafeRawBufferPointer(rebasing: x[ex[i].key]), UnsafeRawBufferPointer(rebasing: y[ey[j].key]))
        }
        func differ(_ i: Int, _ j: Int) -> Bool {
            let va = UnsafeRawBufferPointer(rebasing: x[ex[i].value]), vb = UnsafeRawBufferPointer(rebasing: y[ey[j].value])
            if sameBytes(va, vb) { return false }
            return decode(va, keepingFirstKey: true) != decode(vb, keepingFirstKey: true)
        }
        // Per entry of `x`, whether its value differs in `y`; per entry of `y`, whether an
        // entry of `x` has its key. Both in step while the keys are the same, looking a few
        // entries ahead on either side for a key lost; the entries left over are matched
        // by their keys' bytes, then as strings.
        var differs = [Bool](repeating: false, count: ex.count), paired = [Bool](repeating: false, count: ey.count)
        var leftX: [Int] = [], leftY: [Int] = []
        var i = 0, j = 0
        while i < ex.count, j < ey.count {
            if same(i, j) {
                differs[i] = differ(i, j)
                paired[j] = true
                i += 1
                j += 1
            } else if let d = (1...lookAhead).first(where: { j + $0 < ey.count && same(i, j + $0) }) {
                leftY += j..<j + d
                j += d
            } else if let d = (1...lookAhead).first(where: { i + $0 < ex.count && same(i + $0, j) }) {
                leftX += i..<i + d
                i += d
            } else {
                leftX.append(i)
                leftY.append(j)
                i += 1
                j += 1
            }
        }
        leftX += i..<ex.count
        leftY += j..<ey.count
        if !leftX.isEmpty, !leftY.isEmpty {
            let table = KeyTable(leftY.map { ey[$0] }, in: y)
            var byName: [String: Int]?
            for i in leftX {
                var partner = table.index(of: UnsafeRawBufferPointer(rebasing: x[ex[i].key])).map { leftY[$0] }
                if partner == nil || paired[partner!] {
                    // Keys of other bytes that are equal as strings (a dictionary never holds two such).
                    if byName == nil {
                        byName = [:]
                        for j in leftY.reversed() { byName![String(decoding: y[ey[j].key], as: UTF8.self)] = j }
                    }
                    partner = byName![String(decoding: x[ex[i].key], as: UTF8.self)]
                }
                if let j = partner, !paired[j] {
                    paired[j] = true
                    differs[i] = differ(i, j)
                } else {
                    differs[i] = true
                }
            }
        } else {
            for i in leftX { differs[i] = true }
        }
        return ex.indices.filter { differs[$0] }.map { String(decoding: x[ex[$0].key], as: UTF8.self) }
            + ey.indices.filter { !paired[$0] }.map { String(decoding: y[ey[$0].key], as: UTF8.self) }
    }

    /// Whether two runs of bytes are the same.
    static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return memcmp(pa, pb, a.count) == 0
    }

    /// An open-addressing table of a dictionary's entries by their keys' bytes.
    private struct KeyTable {
        let entries: [Entry]
        let bytes: UnsafeRawBufferPointer
        private var slots: [Int32]
        private let mask: Int

        init(_ entries: [Entry], in bytes: UnsafeRawBufferPointer) {
            self.entries = entries
            self.bytes = bytes
            var size = 16
            while size < entries.count * 2 { size *= 2 }
            slots = [Int32](repeating: -1, count: size)
            mask = size - 1
            for (i, entry) in entries.enumerated() {
                var slot = Self.hash(UnsafeRawBufferPointer(rebasing: bytes[entry.key])) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(i)
            }
        }

        private static func hash(_ key: UnsafeRawBufferPointer) -> Int {
            var hasher = Hasher()
            hasher.combine(bytes: key)
            return hasher.finalize()
        }

        /// The first entry whose key has these bytes.
        func index(of key: UnsafeRawBufferPointer) -> Int? {
            var slot = Self.hash(key) & mask
            while slots[slot] >= 0 {
                let i = Int(slots[slot])
                if sameBytes(UnsafeRawBufferPointer(rebasing: bytes[entries[i].key]), key) { return i }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }
}
