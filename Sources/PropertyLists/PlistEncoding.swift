/// A property-list value as compact bytes, for the derived cache of a recorded build's
/// decoded property lists (`SnapshotTreeMemo+PlistCache`): a load reads them back without
/// parsing any plist syntax, and a large one is kept as these bytes until it is first read
/// (`PlistDocument(encodedRoot:)`).
///
/// Layout (little-endian): a tag byte, then its payload: a string or data as a u32 length
/// and the bytes (text as UTF-8); an integer as its sign (u8) and its high and low u64; a
/// real or a date as the u64 bit pattern; a boolean as a u8; a uid as a u64; an array as a
/// u32 count and its items; a dictionary as a u32 count and, per entry, its key (as a
/// string's payload) and its value. Nesting stops at `maxDepth`.
public enum PlistEncoding {
    /// Deepest nesting written or read; a deeper value is not encoded.
    public static let maxDepth = 512

    enum Tag: UInt8 {
        case string = 16, integer, real, boolean, date, data, array, dictionary, uid
    }

    /// Appends `value`'s bytes to `out`; false (with `out` partly written) when it nests
    /// deeper than `maxDepth`.
    public static func append(_ value: PlistValue, to out: inout [UInt8]) -> Bool {
        append(value, depth: 0, to: &out)
    }

    private static func append(_ value: PlistValue, depth: Int, to out: inout [UInt8]) -> Bool {
        switch value {
        case .string(let s):
            out.append(Tag.string.rawValue)
            out.appendRun(s.utf8)
        case .integer(let i):
            out.append(Tag.integer.rawValue)
            out.append(i.isNegative ? 1 : 0)
            out.appendLittleEndian(i.high)
            out.appendLittleEndian(i.low)
        case .real(let r):
            out.append(Tag.real.rawValue)
            out.appendLittleEndian(r.bitPattern)
        case .boolean(let b):
            out.append(Tag.boolean.rawValue)
            out.append(b ? 1 : 0)
        case .date(let d):
            out.append(Tag.date.rawValue)
            out.appendLittleEndian(d.bitPattern)
        case .data(let bytes):
            out.append(Tag.data.rawValue)
            out.appendRun(bytes)
        case .uid(let u):
            out.append(Tag.uid.rawValue)
            out.appendLittleEndian(u)
        case .array(let items):
            guard depth < maxDepth else { return false }
            out.append(Tag.array.rawValue)
            out.appendLittleEndian(UInt32(items.count))
            for item in items { guard append(item, depth: depth + 1, to: &out) else { return false } }
        case .dictionary(let dictionary):
            guard depth < maxDepth else { return false }
            out.append(Tag.dictionary.rawValue)
            out.appendLittleEndian(UInt32(dictionary.count))
            for (key, item) in dictionary.entries {
                out.appendRun(key.utf8)
                guard append(item, depth: depth + 1, to: &out) else { return false }
            }
        }
        return true
    }

    /// The value `bytes` hold, exactly (nothing left over); nil for any other bytes: a bad
    /// tag, a count past the end, nesting deeper than `maxDepth`, a key twice in one
    /// dictionary (unless `keepingFirstKey`, when the later entry is passed over).
    public static func decode(_ bytes: UnsafeRawBufferPointer, keepingFirstKey: Bool = false) -> PlistValue? {
        var reader = Reader(bytes)
        guard let value = value(&reader, depth: 0, keepingFirstKey: keepingFirstKey), reader.remaining == 0 else {
            return nil
        }
        return value
    }

    /// `decode`, for bytes of bundlediff's own cache (written from decoded values, the file
    /// checked by its sum): a dictionary's keys are taken as unique, not looked for as they
    /// are read, and a larger dictionary's key table is made by its first look-up
    /// (`PlistDictionary(ownKeys:values:)`); a key written twice would be found first.
    public static func decodeOwn(_ bytes: UnsafeRawBufferPointer) -> PlistValue? {
        var reader = Reader(bytes)
        guard let value = value(&reader, depth: 0, keepingFirstKey: false, ownKeys: true), reader.remaining == 0 else {
            return nil
        }
        return value
    }

    /// Whether `bytes` hold exactly one value that `decode(_:keepingFirstKey: true)` reads,
    /// found without making it: tags, counts, lengths and depth are checked, nothing is
    /// allocated.
    public static func isWellFormed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var reader = Reader(bytes)
        return skip(&reader, depth: 0) && reader.remaining == 0
    }

    /// Room made up front for a container's claimed `count`, at most 1,024 entries (larger
    /// ones grow as they fill). Each count is checked only against the bytes left, which
    /// the containers nested in it share: a damaged file claiming the most at every one of
    /// 512 levels would otherwise reserve hundreds of times its own size before failing.
    static func nestedReservation(_ count: UInt32) -> Int { min(Int(count), 1 << 10) }

    static func value(_ reader: inout Reader, depth: Int, keepingFirstKey: Bool, ownKeys: Bool = false) -> PlistValue? {
        switch reader.u8().flatMap(Tag.init(rawValue:)) {
        case .string:
            return reader.string().map { .string($0) }
        case .integer:
            guard let sign = reader.u8(), sign <= 1, let high = reader.u64(), let low = reader.u64() else { return nil }
            return .integer(PlistInteger(isNegative: sign == 1, high: high, low: low))
        case .real:
            return reader.u64().map { .real(Double(bitPattern: $0)) }
        case .boolean:
            guard let b = reader.u8(), b <= 1 else { return nil }
            return .boolean(b == 1)
        case .date:
            return reader.u64().map { .date(Double(bitPattern: $0)) }
        case .data:
            return reader.run().map { .data(Array($0)) }
        case .uid:
            return reader.u64().map { .uid($0) }
        case .array:
            guard depth < maxDepth, let count = reader.u32(), Int(count) <= reader.remaining else { return nil }
            var items: [PlistValue] = []
            items.reserveCapacity(nestedReservation(count))
            for _ in 0..<count {
                guard let item = value(&reader, depth: depth + 1, keepingFirstKey: keepingFirstKey, ownKeys: ownKeys) else {
                    return nil
                }
                items.append(item)
            }
            return .array(items)
        case .dictionary:
            guard depth < maxDepth, let count = reader.u32(), Int(count) <= reader.remaining / 5 else { return nil }
            // A plist's outer dictionary and those in it with room for every key (a seal's
            // `files2` holds one for each file of the app) when the bytes left could hold them
            // at 32 bytes a key: the ones at one depth share the bytes, so a crafted count
            // reserves at most about twice their size at each of the two depths.
            let room = depth <= 1 ? max(nestedReservation(count), min(Int(count), reader.remaining / 32))
                : nestedReservation(count)
            if ownKeys {
                var keys: [String] = [], values: [PlistValue] = []
                keys.reserveCapacity(room)
                values.reserveCapacity(room)
                for _ in 0..<count {
                    guard let key = reader.string(), let item = value(&reader, depth: depth + 1, keepingFirstKey: false, ownKeys: true)
                    else { return nil }
                    keys.append(key)
                    values.append(item)
                }
                return .dictionary(PlistDictionary(ownKeys: keys, values: values))
            }
            var dictionary = PlistDictionary(minimumCapacity: room)
            for _ in 0..<count {
                guard let key = reader.string(), let item = value(&reader, depth: depth + 1, keepingFirstKey: keepingFirstKey),
                      dictionary.appendNew(key, item) || keepingFirstKey else { return nil }
            }
            return .dictionary(dictionary)
        case nil:
            return nil
        }
    }

    /// Passes over one value, checking what `value` checks but the keys' uniqueness.
    static func skip(_ reader: inout Reader, depth: Int) -> Bool {
        switch reader.u8().flatMap(Tag.init(rawValue:)) {
        case .string, .data:
            return reader.run() != nil
        case .integer:
            guard let sign = reader.u8(), sign <= 1 else { return false }
            return reader.skip(16)
        case .real, .date, .uid:
            return reader.skip(8)
        case .boolean:
            guard let b = reader.u8() else { return false }
            return b <= 1
        case .array:
            guard depth < maxDepth, let count = reader.u32(), Int(count) <= reader.remaining else { return false }
            for _ in 0..<count { guard skip(&reader, depth: depth + 1) else { return false } }
            return true
        case .dictionary:
            guard depth < maxDepth, let count = reader.u32(), Int(count) <= reader.remaining / 5 else { return false }
            for _ in 0..<count { guard reader.run() != nil, skip(&reader, depth: depth + 1) else { return false } }
            return true
        case nil:
            return false
        }
    }

    /// Bounds-checked little-endian reading over bytes in place.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        private(set) var offset = 0

        init(_ bytes: UnsafeRawBufferPointer, at offset: Int = 0) {
            self.bytes = bytes
            self.offset = offset
        }

        var remaining: Int { bytes.count - offset }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, count <= remaining else { return false }
            offset += count
            return true
        }

        mutating func number<T: FixedWidthInteger>(_: T.Type) -> T? {
            let size = MemoryLayout<T>.size
            guard size <= remaining else { return nil }
            defer { offset += size }
            return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        }

        /// The next byte, left to read again.
        func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

        mutating func u8() -> UInt8? { number(UInt8.self) }
        mutating func u32() -> UInt32? { number(UInt32.self) }
        mutating func u64() -> UInt64? { number(UInt64.self) }

        /// A u32 length, then that many bytes: where they lie.
        mutating func runRange() -> Range<Int>? {
            let start = offset
            guard let length = u32(), Int(length) <= remaining else {
                offset = start
                return nil
            }
            defer { offset += Int(length) }
            return offset..<offset + Int(length)
        }

        /// A u32 length, then that many bytes, in place.
        mutating func run() -> UnsafeRawBufferPointer? {
            runRange().map { UnsafeRawBufferPointer(rebasing: bytes[$0]) }
        }

        /// A run read as UTF-8 text (the cache only holds text that was valid when written;
        /// anything else is repaired, never refused).
        mutating func string() -> String? {
            run().map { String(decoding: $0, as: UTF8.self) }
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends `value` little-endian.
    public mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    /// Appends a u32 length and `bytes` (a run).
    public mutating func appendRun(_ bytes: some Collection<UInt8>) {
        appendLittleEndian(UInt32(bytes.count))
        append(contentsOf: bytes)
    }
}
