/// The scalars the recorded history format 1 (docs/snapshot-format.md) writes as
/// `\u{…}`. They are frozen: changing them would change the bytes of recorded histories.
/// Each set is a subset of `VisibleText.isHidden`, so text read back from a history is
/// shown through `VisibleText` like any other text.
public enum RecordedEscapes {
    /// Commit message values and subject: C0 controls, DEL, C1 controls, U+2028, U+2029
    /// (`\`, `\n`, `\r` and `\t` have their own escapes).
    public static func inCommitMessage(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Strings of a snapshot's `summary.json`, written as `\uXXXX`: C0 controls, DEL,
    /// U+2028, U+2029 (the encoder's own escapes aside).
    public static func inSummaryJSON(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Quoted strings of canonical property-list text: controls, and marks that are
    /// invisible or reorder text.
    public static func inCanonicalText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0xAD, 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E,
             0x2060...0x206F, 0xFEFF, 0xFFF9...0xFFFB: true
        default: false
        }
    }
}
