import BundleModel

/// A first look at a path's last component as bytes, before the `String` tests rules make
/// on file names: the check rules pass over every entry of a build, and decoding each
/// name (and lowercasing it) cost more than the rules' own work.
///
/// The look is a necessary condition, never the test itself: a name made only of ASCII
/// bytes passes `String`'s `==`, `hasPrefix`, `hasSuffix` and `lowercased()` exactly as
/// its bytes do, so the rule's ASCII byte test decides for it; a name with any other byte
/// (where Unicode lowercasing and canonical equivalence apply) always passes on to the
/// rule's `String` test.
enum NameBytes {
    /// Whether `path`'s name may pass the rule's test: true for a name with a non-ASCII
    /// byte, else `asciiTest` of its bytes.
    static func mayPass(_ path: BundlePath, _ asciiTest: (ArraySlice<UInt8>) -> Bool) -> Bool {
        let name = path.nameBytes
        return name.contains { $0 >= 0x80 } || asciiTest(name)
    }

    /// Whether ASCII `name` ends with `suffix`, given in lowercase, ignoring ASCII case.
    static func hasSuffix(_ name: ArraySlice<UInt8>, lowercased suffix: [UInt8]) -> Bool {
        guard name.count >= suffix.count else { return false }
        return zip(name.suffix(suffix.count), suffix).allSatisfy { lower($0) == $1 }
    }

    /// `byte` with ASCII capitals lowered.
    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
