import CodeSigning

/// A sealed file whose content is not the one its code signature sealed.
public struct SealChangedRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .sealChanged, name: "File changed after signing", defaultSeverity: .error,
        rationale: "Every bundle with _CodeSignature/CodeResources seals its resources by SHA-256 (files2 hash2), "
            + "selected by its own rules2. A file whose content no longer matches was changed after signing "
            + "(a build script, a post-processing step); codesign --verify fails and App Store Connect "
            + "rejects the upload with ITMS-90035.",
        appStoreCodes: [SealCheck.code],
        triggeringExamples: [
            RuleExample("a sealed file edited after signing", old: nil,
                        new: SealCheck.signedApp(files: [("a.json", "new")], sealed: [("a.json", "old")]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("unchanged", old: nil, new: SealCheck.signedApp(files: [("a.json", "x")], sealed: [("a.json", "x")])),
            RuleExample("Info.plist is omitted from the seal", old: nil,
                        new: SealCheck.signedApp(files: [("a.json", "x")], sealed: [("a.json", "x"), ("Info.plist", "other")])),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        SealCheck.findings(in: build, rule: .sealChanged, kinds: [.changed]) { _, rel in
            "'\(rel)' changed after signing (its SHA-256 is not the sealed one): " + SealCheck.consequence
        }
    }
}
