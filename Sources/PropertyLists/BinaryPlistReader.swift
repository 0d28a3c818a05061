/// Decodes `bplist00` binary property lists, bounding every offset, count and the total
/// size of the tree once shared references are expanded.
///
/// Two passes: `measure` walks the object graph once (memoized), rejecting cycles, depth
/// beyond the limit and trees whose expanded size exceeds the limits, in time linear in
/// the file; `decode` then builds the values, sharing each decoded object.
struct BinaryPlistReader {
    let bytes: [UInt8]
    let limits: PlistLimits
    var offsetSize = 0
    var refSize = 0
    var objectCount = 0
    var topObject = 0
    var offsetTableOffset = 0
    /// Objects end where the trailer starts.
    var objectsEnd = 0
    var weights: [Weight?] = []
    var onPath: [Bool] = []
    var decoded: [PlistValue?] = []
    var duplicates: [DuplicateKey] = []

    /// Expanded size of an object's tree.
    struct Weight {
        var objects: Int
        var payloadBytes: Int
        var height: Int
    }

    static func read(_ bytes: [UInt8], limits: PlistLimits) throws(PlistError) -> PlistDocument {
        var reader = BinaryPlistReader(bytes: bytes, limits: limits)
        try reader.readTrailer()
        _ = try reader.measure(reader.topObject, depth: 1)
        let root = try reader.decode(reader.topObject, path: [])
        return PlistDocument(format: .binary, root: root, duplicateKeys: reader.duplicates)
    }

    private init(bytes: [UInt8], limits: PlistLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    func fail(_ message: String, at offset: Int) -> PlistError {
        PlistError("binary plist: " + message, offset: offset)
    }

    private mutating func readTrailer() throws(PlistError) {
        guard bytes.count >= 8 + 1 + 32 else { throw fail("file too short for a header and trailer", at: 0) }
        guard bytes.starts(with: Array("bplist00".utf8)) else { throw fail("unsupported header (expected bplist00)", at: 0) }
        let t = bytes.count - 32
        objectsEnd = t
        offsetSize = Int(bytes[t + 6])
        refSize = Int(bytes[t + 7])
        guard (1...8).contains(offsetSize) else { throw fail("offset size \(offsetSize) is not 1…8", at: t + 6) }
        guard (1...8).contains(refSize) else { throw fail("object reference size \(refSize) is not 1…8", at: t + 7) }
        let count = readUInt(at: t + 8, size: 8)
        let top = readUInt(at: t + 16, size: 8)
        let table = readUInt(at: t + 24, size: 8)
        guard count >= 1, count <= UInt64(limits.maxObjects), count <= UInt64(bytes.count) else {
            throw fail("object count \(count) is out of range", at: t + 8)
        }
        guard top < count else { throw fail("top object \(top) is not below the object count \(count)", at: t + 16) }
        guard table >= 9, table < UInt64(t) else { throw fail("offset table offset \(table) is out of range", at: t + 24) }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableOffset = Int(table)
        let (tableBytes, overflow) = objectCount.multipliedReportingOverflow(by: offsetSize)
        guard !overflow, tableBytes <= t - offsetTableOffset else {
            throw fail("offset table of \(objectCount) entries does not fit before the trailer", at: t + 24)
        }
        weights = Array(repeating: nil, count: objectCount)
        onPath = Array(repeating: false, count: objectCount)
        decoded = Array(repeating: nil, count: objectCount)
    }

    /// Big-endian unsigned integer of 1…8 bytes; the caller checks bounds.
    func readUInt(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
        return value
    }

    /// The byte offset of object `index`, checked to lie among the objects.
    func offset(of index: Int) throws(PlistError) -> Int {
        let entry = offsetTableOffset + index * offsetSize
        let value = readUInt(at: entry, size: offsetSize)
        guard value >= 8, value < UInt64(objectsEnd) else {
            throw fail("object \(index) has offset \(value) outside the object area", at: entry)
        }
        return Int(value)
    }

    /// The object index stored in a reference at `offset`.
    func reference(at offset: Int) throws(PlistError) -> Int {
        let value = readUInt(at: offset, size: refSize)
        guard value < UInt64(objectCount) else {
            throw fail("reference to object \(value) beyond the object count \(objectCount)", at: offset)
        }
        return Int(value)
    }
}
