import BundleModel
import MachO

/// An executable that was FairPlay-encrypted in one build and not in the other.
public struct EncryptionChangedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .encryptionChanged, name: "Encryption changed", defaultSeverity: .info,
        rationale: "The App Store encrypts the executables it delivers (LC_ENCRYPTION_INFO's cryptid becomes nonzero); "
            + "Xcode exports and archives are not encrypted. A flip means one of the two builds came from a device or "
            + "the store and the other from Xcode: its code cannot be compared byte for byte, and an encrypted binary "
            + "cannot be re-signed or uploaded again. Normal when comparing a store download with an export, so "
            + "information, not a warning. Read from each bundle's main executable; a binary without the command "
            + "counts as not encrypted; builds recorded without Mach-O facts are not judged.",
        triggeringExamples: [
            RuleExample("export → store download", old: BinaryPairs.app([encrypted(false)]),
                        new: BinaryPairs.app([encrypted(true)]), expectedCount: 1),
            RuleExample("store download → export", old: BinaryPairs.app([encrypted(true)]),
                        new: BinaryPairs.app([encrypted(false)]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("both store downloads", old: BinaryPairs.app([encrypted(true)]), new: BinaryPairs.app([encrypted(true)])),
            RuleExample("no encryption command, then cryptid 0", old: BinaryPairs.app([ExampleBuild.slice()]),
                        new: BinaryPairs.app([encrypted(false)])),
        ])

    static func encrypted(_ on: Bool) -> MachOSlice {
        var s = ExampleBuild.slice()
        s.cryptID = on ? 1 : 0
        return s
    }

    /// True when any slice's `cryptid` is nonzero.
    static func isEncrypted(_ file: MachOFile) -> Bool { file.slices.contains { ($0.cryptID ?? 0) != 0 } }

    public func findings(in context: RuleContext) -> [Finding] {
        BinaryPairs.pairs(context).compactMap { p in
            let was = Self.isEncrypted(p.old), now = Self.isEncrypted(p.new)
            guard was != now else { return nil }
            let message = now
                ? "\(p.path.nameString) is now encrypted (App Store delivery) and was not: this build cannot be "
                    + "re-signed or uploaded, and its code does not compare with the old one"
                : "\(p.path.nameString) is no longer encrypted (it was an App Store delivery): the builds come from "
                    + "different channels, and their code does not compare byte for byte"
            return Finding(ruleID: .encryptionChanged, severity: context.severity(of: .encryptionChanged), bundle: p.name,
                           message: message, paths: [p.path], subject: now ? "encrypted" : "decrypted")
        }
    }
}
