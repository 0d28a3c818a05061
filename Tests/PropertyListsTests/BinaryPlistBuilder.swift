@testable import PropertyLists

/// Writes small binary plists object by object, so tests can craft hostile ones.
struct BinaryPlistBuilder {
    var objects: [[UInt8]] = []
    var refSize = 1

    /// Appends an encoded object and returns its index.
    @discardableResult
    mutating func add(_ encoded: [UInt8]) -> Int {
        objects.append(encoded)
        return objects.count - 1
    }

    static func be(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * (size - 1 - $0))) }
    }

    static func marker(_ type: UInt8, count: Int) -> [UInt8] {
        if count < 15 { return [type << 4 | UInt8(count)] }
        return [type << 4 | 0xF, 0x13] + be(UInt64(count), size: 8)
    }

    static func int(_ v: Int64) -> [UInt8] { [0x13] + be(UInt64(bitPattern: v), size: 8) }
    static func ascii(_ s: String) -> [UInt8] { marker(0x5, count: s.utf8.count) + Array(s.utf8) }
    static func utf16(_ s: String) -> [UInt8] {
        let units = Array(s.utf16)
        return marker(0x6, count: units.count) + units.flatMap { be(UInt64($0), size: 2) }
    }
    static func data(_ d: [UInt8]) -> [UInt8] { marker(0x4, count: d.count) + d }
    static func real(_ d: Double) -> [UInt8] { [0x23] + be(d.bitPattern, size: 8) }
    static func date(_ d: Double) -> [UInt8] { [0x33] + be(d.bitPattern, size: 8) }

    func refs(_ indices: [Int]) -> [UInt8] { indices.flatMap { Self.be(UInt64($0), size: refSize) } }
    func array(_ items: [Int]) -> [UInt8] { Self.marker(0xA, count: items.count) + refs(items) }
    func dict(_ pairs: [(Int, Int)]) -> [UInt8] {
        Self.marker(0xD, count: pairs.count) + refs(pairs.map(\.0)) + refs(pairs.map(\.1))
    }

    /// The file: header, objects, offset table, trailer.
    func build(top: Int, offsetSize: Int = 2) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            out += object
        }
        let table = out.count
        for offset in offsets { out += Self.be(UInt64(offset), size: offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        out += Self.be(UInt64(objects.count), size: 8) + Self.be(UInt64(top), size: 8) + Self.be(UInt64(table), size: 8)
        return out
    }
}

/// The error a throwing read produced (nil when it succeeded).
func plistError(_ body: () throws -> Void) -> PlistError? {
    do {
        try body()
        return nil
    } catch let error as PlistError {
        return error
    } catch {
        return PlistError("unexpected error type: \(error)")
    }
}
