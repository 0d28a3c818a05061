import BundleModel
import MachO

/// A Mac executable signed with the hardened runtime in the old build is signed without it in the new one.
public struct HardenedRuntimeDroppedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .hardenedRuntimeDropped, name: "Hardened runtime dropped", defaultSeverity: .warning,
        rationale: "Apple's notary service rejects Mac executables signed without the hardened runtime (CodeDirectory "
            + "flag 0x10000), and Gatekeeper blocks a downloaded app that is not notarized. Judged for macOS and Mac "
            + "Catalyst executables that are signed in both builds (an unsigned or ad hoc one is "
            + "signature.became-ad-hoc's); iOS, tvOS and watchOS do not use the flag. Read from each bundle's main "
            + "executable; builds recorded without Mach-O facts are not judged. A Mac App Store build (its "
            + "configuration says app-store, or it embeds an App Store profile) is never notarized: not judged.",
        triggeringExamples: [
            RuleExample("runtime flag gone from a Mac app",
                        old: BinaryPairs.app([BecameAdHocRule.signed(.certificate, runtime: true, platform: .macOS)]),
                        new: BinaryPairs.app([BecameAdHocRule.signed(.certificate, platform: .macOS)]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("an iOS app", old: BinaryPairs.app([BecameAdHocRule.signed(.certificate, runtime: true)]),
                        new: BinaryPairs.app([BecameAdHocRule.signed(.certificate)])),
            RuleExample("a Mac App Store build (never notarized)",
                        old: BinaryPairs.app([BecameAdHocRule.signed(.certificate, runtime: true, platform: .macOS)]),
                        new: BinaryPairs.app([BecameAdHocRule.signed(.certificate, platform: .macOS)]),
                        configuration: RuleConfiguration(distribution: .appStore)),
            RuleExample("runtime flag added",
                        old: BinaryPairs.app([BecameAdHocRule.signed(.certificate, platform: .macOS)]),
                        new: BinaryPairs.app([BecameAdHocRule.signed(.certificate, runtime: true, platform: .macOS)])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard !Self.isMacAppStoreBuild(context) else { return [] }
        return BinaryPairs.pairs(context).compactMap { p in
            guard p.new.platforms.contains(where: { $0 == .macOS || $0 == .macCatalyst }),
                  let signatures = BinaryPairs.signatures(p.old, p.new), signatures.old.hasHardenedRuntime,
                  !signatures.new.hasHardenedRuntime, BecameAdHocRule.isCertificateSigned(signatures.new)
            else { return nil }
            return Finding(ruleID: .hardenedRuntimeDropped, severity: context.severity(of: .hardenedRuntimeDropped),
                           bundle: p.name,
                           message: "\(p.path.nameString) is no longer signed with the hardened runtime: the notary "
                               + "service rejects it, and Gatekeeper blocks it un-notarized",
                           paths: [p.path], subject: "hardened-runtime")
        }
    }

    /// Whether the new build goes to the Mac App Store: its configuration says so, or its
    /// app embeds an App Store profile. Such a build is not notarized, and the App Store
    /// installs it without Gatekeeper's notarization check.
    static func isMacAppStoreBuild(_ context: RuleContext) -> Bool {
        if context.configuration.distribution == .appStore { return true }
        return ProfileCheck.profiles(in: context.newIndex.snapshot).contains { $0.bundle.parentPath == nil && $0.profile.kind == .appStore }
    }
}
