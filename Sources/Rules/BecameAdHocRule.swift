import BundleModel
import MachO

/// An executable signed with a certificate in the old build is ad hoc signed, or unsigned, in the new one.
public struct BecameAdHocRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .becameAdHoc, name: "Signature became ad hoc", defaultSeverity: .warning,
        rationale: "An ad hoc signature (CodeDirectory flag 0x2, no CMS signature) names no team and no certificate: "
            + "App Store Connect rejects it, devices do not install it, and Gatekeeper does not let a downloaded Mac app "
            + "open. When the old build was signed with a certificate (a CMS signature, not ad hoc) and the new one is "
            + "ad hoc or unsigned, the signing step was likely skipped. Two development or simulator builds (both ad "
            + "hoc) are not judged. Read from each bundle's main executable, the architectures both builds have (every "
            + "slice when they share none: a build is signed once); builds recorded without Mach-O facts are not judged.",
        triggeringExamples: [
            RuleExample("distribution-signed → ad hoc", old: BinaryPairs.app([signed(.certificate)]),
                        new: BinaryPairs.app([signed(.adhoc)]), expectedCount: 1),
            RuleExample("distribution-signed → unsigned", old: BinaryPairs.app([signed(.certificate)]),
                        new: BinaryPairs.app([ExampleBuild.slice()]), expectedCount: 1),
            RuleExample("a Developer ID x86_64 build replaced by an ad hoc arm64 one (no shared slice)",
                        old: BinaryPairs.app([signed(.certificate, platform: .macOS, cpu: .x86_64)]),
                        new: BinaryPairs.app([signed(.adhoc, platform: .macOS)]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("ad hoc → ad hoc (simulator builds)", old: BinaryPairs.app([signed(.adhoc)]),
                        new: BinaryPairs.app([signed(.adhoc)])),
            RuleExample("ad hoc → distribution-signed", old: BinaryPairs.app([signed(.adhoc)]),
                        new: BinaryPairs.app([signed(.certificate)])),
            RuleExample("re-signed by another team", old: BinaryPairs.app([signed(.certificate)]),
                        new: BinaryPairs.app([signed(.certificate, team: "ZYXWV98765")])),
        ])

    enum ExampleSigning { case adhoc, certificate }

    /// An example slice signed ad hoc or with a certificate of `team` (hardened runtime when `runtime`).
    static func signed(_ how: ExampleSigning, team: String = "ABCDE12345", runtime: Bool = false,
                       platform: MachOPlatform = .iOS, cpu: MachOCPU = .arm64) -> MachOSlice {
        var s = ExampleBuild.slice(cpu, platform: platform)
        let runtimeFlag: UInt32 = runtime ? 0x1_0000 : 0
        s.codeSignature = how == .adhoc
            ? MachOCodeSignature(identifier: "com.example.app", flags: 0x2 | runtimeFlag, hashType: .sha256)
            : MachOCodeSignature(identifier: "com.example.app", teamID: team, flags: runtimeFlag, hashType: .sha256,
                                 hasCMSSignature: true)
        return s
    }

    /// Signed with a certificate: a CMS signature and not the ad hoc flag.
    static func isCertificateSigned(_ signature: MachOCodeSignature?) -> Bool {
        guard let signature else { return false }
        return signature.hasCMSSignature && !signature.isAdhoc
    }

    public func findings(in context: RuleContext) -> [Finding] {
        BinaryPairs.pairs(context).compactMap { p in
            // The slices both files have; every slice when they share none (thin x86_64
            // replaced by thin arm64): a build is signed once, for all its slices.
            let common = BinaryPairs.commonSlices(p.old, p.new)
            let before = common.isEmpty ? p.old.slices.filter { !$0.isStaticArchive } : common.map(\.old)
            let after = common.isEmpty ? p.new.slices.filter { !$0.isStaticArchive } : common.map(\.new)
            guard let old = before.first(where: { Self.isCertificateSigned($0.codeSignature) }), !after.isEmpty,
                  !after.contains(where: { Self.isCertificateSigned($0.codeSignature) }) else { return nil }
            let was = old.codeSignature?.teamID.map { " (team \($0))" } ?? ""
            let signed = after.filter { $0.codeSignature != nil }.count
            let now = signed == 0 ? "unsigned" : signed == after.count ? "ad hoc signed"
                : "ad hoc signed on some architectures and unsigned on others"
            return Finding(ruleID: .becameAdHoc, severity: context.severity(of: .becameAdHoc), bundle: p.name,
                           message: "\(p.path.nameString) was signed with a certificate\(was) and is now \(now): "
                               + "it cannot be uploaded, installed on devices or opened by Gatekeeper",
                           paths: [p.path], subject: now)
        }
    }
}
