// libFuzzer target: how raw file names are stored in git trees (TreeNameEscaping, from
// Sources/SnapshotStore) and shown in messages (VisibleText, from Sources/TextSafety).
// Any byte string but `/` and NUL can name a file on Linux, so:
//  - escape then unescape gives the exact bytes back, and the stored name is one git
//    accepts (not empty, `.`, `..`, no NUL or `/`, not a `.git` look-alike);
//  - a stored name read back from a (possibly hand-edited) tree is either refused or
//    is the one spelling escape produces for it (no two stored names for one file);
//  - the displayed form holds no control or bidi characters and no invalid UTF-8.

import TextSafety

@_cdecl("LLVMFuzzerTestOneInput")
public func namesFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let name = Array(UnsafeRawBufferPointer(start: start, count: count))
    let stored = TreeNameEscaping.escape(name)
    guard TreeNameEscaping.unescape(stored) == name else {
        fatalError("escape does not round-trip: \(name) -> \(stored)")
    }
    guard !stored.isEmpty, stored != [0x2E], stored != [0x2E, 0x2E], !stored.contains(0),
          !stored.contains(UInt8(ascii: "/")), stored.first == UInt8(ascii: "%") || !TreeNameEscaping.needsEscape(stored) else {
        fatalError("stored name git would refuse: \(stored)")
    }
    if name.first == UInt8(ascii: "%"), let original = TreeNameEscaping.unescape(name),
       TreeNameEscaping.escape(original) != name {
        fatalError("stored name \(name) is not the spelling escape gives for \(original)")
    }
    let shown = VisibleText.escape(bytes: name)
    for scalar in shown.unicodeScalars where VisibleText.isHidden(scalar) || scalar == "\u{FFFD}" && !name.isEmpty && !containsReplacement(name) {
        fatalError("displayed name holds \(scalar.value): \(name)")
    }
    return 0
}

/// Whether the bytes hold U+FFFD spelled in valid UTF-8 (then it may be shown as is).
func containsReplacement(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 3 && (0...(bytes.count - 3)).contains { bytes[$0] == 0xEF && bytes[$0 + 1] == 0xBF && bytes[$0 + 2] == 0xBD }
}
