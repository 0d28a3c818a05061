import CodeSigning

/// A file the seal's rules cover that the seal does not list.
public struct SealAddedRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .sealAdded, name: "File added after signing", defaultSeverity: .error,
        rationale: "A file that the bundle's own rules2 would seal (not omitted, not excluded) but that files2 "
            + "does not list was added after signing; codesign --verify reports it as added and App Store "
            + "Connect rejects the upload with ITMS-90035. Files the rules omit (.DS_Store, Info.plist) and the "
            + "main executable are not sealed resources.",
        appStoreCodes: [SealCheck.code],
        triggeringExamples: [
            RuleExample("a file added after signing", old: nil,
                        new: SealCheck.signedApp(files: [("a.json", "x"), ("b.json", "y")], sealed: [("a.json", "x")]),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("every file sealed", old: nil, new: SealCheck.signedApp(files: [("a.json", "x")], sealed: [("a.json", "x")])),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        SealCheck.findings(in: build, rule: .sealAdded, kinds: [.added]) { _, rel in
            "'\(rel)' was added after signing (the seal's rules cover it, but the seal does not list it): "
                + SealCheck.consequence
        }
    }
}
