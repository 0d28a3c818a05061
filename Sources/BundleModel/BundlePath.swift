import TextSafety
/// A path inside a recorded build, kept as raw bytes (`/`-separated, no leading `/`).
///
/// Two Unicode spellings of one name are two paths; names that are not UTF-8 survive.
/// Ordering is bytewise, so every listing is deterministic on every machine.
public struct BundlePath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { self.bytes = Array(string.utf8) }

    /// The empty path: the root of the recorded build.
    public static let root = BundlePath(bytes: [])

    public var isRoot: Bool { bytes.isEmpty }

    /// Hashes the bytes in one call (the synthesized conformance feeds them one by one,
    /// which dominated path-keyed dictionaries in large builds).
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    public static func == (a: BundlePath, b: BundlePath) -> Bool { a.bytes == b.bytes }

    /// The components (names) of the path; empty names (a doubled `/`) are left out.
    /// One pass, each name copied once (a split and a map made every name twice).
    public var components: [[UInt8]] {
        var out: [[UInt8]] = []
        eachComponent { out.append(Array($0)); return true }
        return out
    }

    /// How many components the path has (`components.count`, nothing copied).
    public var depth: Int {
        var count = 0
        eachComponent { _ in count += 1; return true }
        return count
    }

    /// Whether one of the path's components is `name` (nothing copied).
    public func hasComponent(_ name: String) -> Bool {
        var found = false
        eachComponent { found = name.utf8.elementsEqual($0); return !found }
        return found
    }

    /// Where each component lies in `bytes`, in order (`components` without a copy of each).
    public var componentRanges: [Range<Int>] {
        var out: [Range<Int>] = []
        eachComponent { range, _ in out.append(range); return true }
        return out
    }

    /// Each non-empty component in place, in order, while `visit` returns true.
    private func eachComponent(_ visit: (UnsafeBufferPointer<UInt8>) -> Bool) {
        eachComponent { _, component in visit(component) }
    }

    /// Each non-empty component and where it lies, in order, while `visit` returns true.
    private func eachComponent(_ visit: (Range<Int>, UnsafeBufferPointer<UInt8>) -> Bool) {
        bytes.withUnsafeBufferPointer { b in
            var start = 0
            for i in 0...b.count where i == b.count || b[i] == UInt8(ascii: "/") {
                if i > start, !visit(start..<i, UnsafeBufferPointer(rebasing: b[start..<i])) { return }
                start = i + 1
            }
        }
    }

    /// Whether the last component is `name` (nothing copied).
    public func nameIs(_ name: String) -> Bool {
        name.utf8.elementsEqual(nameBytes)
    }

    /// The last component.
    public var name: [UInt8] { Array(nameBytes) }

    /// The last component's bytes, without a copy.
    public var nameBytes: ArraySlice<UInt8> {
        bytes[bytes.withUnsafeBytes(ByteRun.nameRange)]
    }

    /// The last component as text (lossy for invalid UTF-8).
    public var nameString: String { String(decoding: name, as: UTF8.self) }

    /// The containing path (root for a top-level name).
    public var parent: BundlePath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return .root }
        return BundlePath(bytes: Array(bytes[..<slash]))
    }

    /// This path with `name` appended.
    public func appending(_ name: [UInt8]) -> BundlePath {
        isRoot ? BundlePath(bytes: name) : BundlePath(bytes: bytes + [UInt8(ascii: "/")] + name)
    }

    public func appending(_ name: String) -> BundlePath { appending(Array(name.utf8)) }

    /// Whether `self` is `other` or lies below it.
    public func isWithin(_ other: BundlePath) -> Bool {
        bytes.withUnsafeBytes { path in other.bytes.withUnsafeBytes { ByteRun.isWithin(path, $0) } }
    }

    /// The part of `self` below `ancestor` (root when equal); nil when not within it.
    public func relative(to ancestor: BundlePath) -> BundlePath? {
        guard isWithin(ancestor) else { return nil }
        if ancestor.isRoot { return self }
        if bytes.count == ancestor.bytes.count { return .root }
        return BundlePath(bytes: Array(bytes[(ancestor.bytes.count + 1)...]))
    }

    /// A printable spelling: valid UTF-8 as is, with control characters and invalid
    /// bytes escaped as `\xNN` so that a hostile name cannot forge report lines.
    public var description: String { VisibleText.escape(bytes: bytes) }

    /// Bytewise order (unsigned bytes; a prefix first), over the two buffers directly
    /// (`ByteRun.order`): every sort, binary search and order check of a build's paths runs
    /// through here, and neighbours in a sorted build share long prefixes.
    public static func < (a: BundlePath, b: BundlePath) -> Bool {
        a.bytes.withUnsafeBytes { x in b.bytes.withUnsafeBytes { y in ByteRun.order(x, y) < 0 } }
    }
}
