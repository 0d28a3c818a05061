import BundleModel
import MachO

/// A Mach-O file whose code changed while its `LC_UUID` stayed the same.
public struct UUIDUnchangedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .uuidUnchanged, name: "UUID unchanged while the code changed", defaultSeverity: .warning,
        rationale: "Crash reports name each binary by its LC_UUID, and symbolication picks the dSYM with that UUID: when "
            + "the code changes and the UUID does not (a linker run with -no_uuid, a binary patched after linking), "
            + "crashes of the new build are symbolicated with the old build's symbols, silently wrong. Judged per "
            + "architecture for every Mach-O file both builds have at the same place in a bundle: the code counts as "
            + "changed only when a segment other than __LINKEDIT (where the signature and symbol tables live) and "
            + "__LLVM (bitcode, which bitcode_strip removes) changed size, so a re-signed, stripped, re-encrypted or "
            + "bitcode-stripped binary, which keeps its UUID legitimately, is not judged; nor is a change the comparison already calls a new signature, nor builds recorded without "
            + "Mach-O facts.",
        triggeringExamples: [
            RuleExample("__TEXT grew, same UUID", old: BinaryPairs.app([slice(text: 0x4000)]),
                        new: BinaryPairs.app([slice(text: 0x20000)]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("bitcode stripped (bitcode_strip -r)", old: BinaryPairs.app([slice(text: 0x4000, bitcode: 0x90000)]),
                        new: BinaryPairs.app([slice(text: 0x4000)])),
            RuleExample("equal file size: the comparison calls it a new signature",
                        old: BinaryPairs.app([slice(text: 0x4000)]), new: BinaryPairs.app([slice(text: 0x8000)])),
            RuleExample("only __LINKEDIT changed (re-signed)", old: BinaryPairs.app([slice(text: 0x4000, linkedit: 0x1000)]),
                        new: BinaryPairs.app([slice(text: 0x4000, linkedit: 0x2000)])),
            RuleExample("code and UUID changed", old: BinaryPairs.app([slice(text: 0x4000)]),
                        new: BinaryPairs.app([slice(text: 0x8000, uuid: "22222222-2222-2222-2222-222222222222")])),
            RuleExample("no UUID", old: BinaryPairs.app([slice(text: 0x4000, uuid: nil)]),
                        new: BinaryPairs.app([slice(text: 0x8000, uuid: nil)])),
        ])

    static func slice(text: UInt64, linkedit: UInt64 = 0x1000, bitcode: UInt64 = 0,
                      uuid: String? = "11111111-1111-1111-1111-111111111111") -> MachOSlice {
        var s = ExampleBuild.slice()
        s.uuid = uuid
        s.segments = [MachOSegment(name: "__PAGEZERO", vmSize: 0x1_0000_0000, fileSize: 0),
                      MachOSegment(name: "__TEXT", vmSize: text, fileSize: text)]
            + (bitcode > 0 ? [MachOSegment(name: "__LLVM", vmSize: bitcode, fileSize: bitcode)] : [])
            + [MachOSegment(name: "__LINKEDIT", vmSize: linkedit, fileSize: linkedit)]
        return s
    }

    /// The segments that hold code and data: all but `__LINKEDIT` and `__LLVM` (the bitcode
    /// `bitcode_strip -r` removes without relinking: the code, its UUID and its dSYM stay).
    static func codeSegments(_ slice: MachOSlice) -> [MachOSegment] {
        slice.segments.filter { $0.name != "__LINKEDIT" && $0.name != "__LLVM" }
    }

    /// A UUID that identifies nothing: absent or all zeros.
    static func isMeaningful(_ uuid: String?) -> Bool {
        guard let uuid else { return false }
        return uuid.contains { $0 != "0" && $0 != "-" }
    }

    public func findings(in context: RuleContext) -> [Finding] {
        BinaryPairs.files(context).compactMap { p in
            guard !p.isResigned else { return nil }
            let archs = BinaryPairs.commonSlices(p.old, p.new).filter { o, n in
                Self.isMeaningful(n.uuid) && o.uuid == n.uuid && !o.segments.isEmpty && !n.segments.isEmpty
                    && Self.codeSegments(o) != Self.codeSegments(n)
            }.map(\.new.architecture)
            guard !archs.isEmpty else { return nil }
            let list = archs.joined(separator: ", ")
            return Finding(ruleID: .uuidUnchanged, severity: context.severity(of: .uuidUnchanged), bundle: p.name,
                           message: "\(p.path.nameString) kept its UUID (\(list)) while its code changed: crash reports "
                               + "of this build would be symbolicated with the old build's dSYM",
                           paths: [p.path], subject: list)
        }
    }
}
