import CodeSigning

/// Nested code the seal names but the bundle lacks, or nested code the seal does not name.
public struct SealNestedRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .sealNested, name: "Nested code not as sealed", defaultSeverity: .error,
        rationale: "Where rules2 marks a folder nested (macOS Frameworks/, PlugIns/, XPCServices/ …), each nested "
            + "bundle is sealed by its code requirement instead of its files. One sealed but absent, or present "
            + "but unsealed, was removed or embedded after the outer bundle was signed; codesign --verify fails "
            + "and App Store Connect rejects the upload with ITMS-90035.",
        appStoreCodes: [SealCheck.code],
        triggeringExamples: [
            RuleExample("a framework embedded after signing, another sealed and gone", old: nil,
                        new: SealCheck.signedApp(files: [("a.json", "x"), ("Frameworks/New.framework/New", "n")],
                                                 sealed: [("a.json", "x")], nested: ["Frameworks/Old.framework"]),
                        expectedCount: 2),
        ],
        nonTriggeringExamples: [
            RuleExample("a nested framework sealed and present", old: nil,
                        new: SealCheck.signedApp(files: [("a.json", "x"), ("Frameworks/Kit.framework/Kit", "k")],
                                                 sealed: [("a.json", "x")], nested: ["Frameworks/Kit.framework"])),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        SealCheck.findings(in: build, rule: .sealNested, kinds: [.nestedMissing, .nestedUnsealed]) { d, rel in
            d.kind == .nestedMissing
                ? "nested code '\(rel)' is sealed but missing: " + SealCheck.consequence
                : "nested code '\(rel)' is not in the seal (embedded after signing): " + SealCheck.consequence
        }
    }
}
