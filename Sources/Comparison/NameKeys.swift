import BundleModel

/// Each entry's name reduced to a 32-bit key, worked out once per build for the check rules
/// that look for a few names or endings across the whole build (`.dylib`, `.png`,
/// `PrivacyInfo.xcprivacy`, `__MACOSX`). Each of them passed over every entry and looked at
/// its name: six passes over 20,000 names, 11 ms of a recorded diff. Now one pass makes the
/// keys, and each rule compares integers.
///
/// A key is a first look, never the test: equal keys may belong to different names, and the
/// rule's own test on the name decides. What it guarantees is the other way round: a name
/// the rule's test accepts always has one of the keys the rule asks for.
/// - The key hashes the name's tail, from its last `.` to its end (the whole name when it has
///   no `.`), with ASCII capitals lowered. A name equal to `PrivacyInfo.xcprivacy`, or ending
///   with `.png` in any case, has the tail of that name or ending.
/// - A name with a byte above 0x7F is always a candidate: Unicode lowercasing and canonical
///   equivalence may let it pass a `String` test its bytes would fail.
/// - A name that starts with `._` (an AppleDouble file) is marked, since its tail says
///   nothing of its start.
struct NameKeys: Sendable {
    /// The key of each entry of the index's sorted entries: 32 bits, since a key only
    /// narrows (half the bytes of a 64-bit one, for every entry of a build; a name the
    /// rules do not want passes by a clash once in hundreds of millions).
    let keys: [UInt32]

    private static let nonASCII: UInt32 = 1
    private static let appleDouble: UInt32 = 2
    private static let flags: UInt32 = 3

    init(_ entries: EntryList) {
        // Over the entries and each path in place (a name slice per entry retained the path).
        keys = entries.withPlaces { entries in
            var keys: [UInt32] = []
            keys.reserveCapacity(entries.count)
            for k in 0..<entries.count {
                keys.append(Self.key(of: entries[k].path))
            }
            return keys
        }
    }

    /// The keys of `entries`, taken from `earlier` (the keys of `base`) for each entry that
    /// `entries` names in `base`'s array (`EntryList.positions(over:)`): the second build of
    /// a comparison works out the keys of the folders that changed only. Nil when `entries`
    /// is no overlay of `base`.
    init?(_ entries: EntryList, over base: EntryList, keys earlier: NameKeys) {
        guard let positions = entries.positions(over: base), earlier.keys.count == base.count else { return nil }
        keys = entries.withPlaces { places in
            positions.withUnsafeBufferPointer { positions in
                earlier.keys.withUnsafeBufferPointer { earlier in
                    var keys: [UInt32] = []
                    keys.reserveCapacity(places.count)
                    for k in 0..<places.count {
                        let p = positions[k]
                        keys.append(p >= 0 ? earlier[Int(p)] : Self.key(of: places[k].path))
                    }
                    return keys
                }
            }
        }
    }

    /// The key of the name of `path` (its last component, `ByteRun.nameRange`).
    private static func key(of path: BundlePath) -> UInt32 {
        path.bytes.withUnsafeBytes { key(UnsafeRawBufferPointer(rebasing: $0[ByteRun.nameRange($0)])) }
    }

    /// The key of a name, or of an ending such as `.png` (which must hold no other `.`).
    static func key(_ name: ArraySlice<UInt8>) -> UInt32 {
        name.withUnsafeBytes { key($0) }
    }

    /// Kept in a recorded build's facts (`NameKeys.factsName`): a change here must change
    /// that name.
    private static func key(_ name: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var marks: UInt32 = 0
        var inTail = true
        for byte in name.reversed() {
            if byte >= 0x80 { marks |= nonASCII }
            guard inTail else { continue }
            hash = (hash ^ UInt64(ByteRun.asciiLowered(byte))) &* 0x0000_0100_0000_01b3
            if byte == UInt8(ascii: ".") { inTail = false }
        }
        if name.count >= 2, name[0] == UInt8(ascii: "."), name[1] == UInt8(ascii: "_") {
            marks |= appleDouble
        }
        // The high half folded onto the low one, so that every byte of the tail counts.
        return (UInt32(truncatingIfNeeded: hash ^ (hash >> 32)) & ~flags) | marks
    }

    /// The positions of the entries whose name may be one of `names` (names or endings), or
    /// start with `._` when `appleDouble` is set; in path order.
    func candidates(_ names: [String], appleDouble wantsAppleDouble: Bool) -> [Int] {
        let wanted = names.map { Self.key(Array($0.utf8)[...]) & ~Self.flags }
        var out: [Int] = []
        keys.withUnsafeBufferPointer { keys in
            for (i, key) in keys.enumerated() {
                if key & Self.nonASCII != 0 || (wantsAppleDouble && key & Self.appleDouble != 0)
                    || wanted.contains(key & ~Self.flags) {
                    out.append(i)
                }
            }
        }
        return out
    }
}
