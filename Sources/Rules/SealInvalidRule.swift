import CodeSigning
import PropertyLists

/// A seal that cannot be evaluated: unreadable, refused by Apple's own rules, or too costly.
public struct SealInvalidRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .sealInvalid, name: "Code signature seal unusable", defaultSeverity: .error,
        rationale: "_CodeSignature/CodeResources must be a property list whose rules2 keys are regular expressions "
            + "regcomp accepts and whose files2 entries are hashes, symlinks or nested-code requirements; "
            + "otherwise codesign refuses the signature (errSecCSResourceRulesInvalid) and App Store Connect "
            + "rejects the upload with ITMS-90035. A seal whose rules cost more than bundlediff's matching budget "
            + "is reported here too (no signing tool writes one). A seal outside what bundlediff evaluates "
            + "(POSIX collating elements, backslash-letter escapes) is reported as info, since it may be valid.",
        appStoreCodes: [SealCheck.code],
        triggeringExamples: [
            RuleExample("a rules2 key regcomp refuses", old: nil,
                        new: ExampleBuild().bundle("Example.app", id: "com.example.app")
                            .plist("Example.app/_CodeSignature/CodeResources", .dictionary(PlistDictionary([
                                ("files2", .dictionary(PlistDictionary())),
                                ("rules2", .dictionary(PlistDictionary([("^(Frameworks", .boolean(true))]))),
                            ]))), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("a valid seal", old: nil, new: SealCheck.signedApp(files: [("a.json", "x")], sealed: [("a.json", "x")])),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        let names = Dictionary(build.bundles.map { ($0.path, build.name(of: $0)) }, uniquingKeysWith: { a, _ in a })
        for evaluation in build.sealEvaluations {
            let problem: String
            var severity = build.severity(of: .sealInvalid)
            var consequence = SealCheck.consequence
            switch evaluation.outcome {
            case .evaluated, .noVersion2: continue
            case .unreadable(let reason): problem = "cannot be read (\(reason))"
            case .invalid(let reason): problem = "is invalid: \(reason)"
            case .tooCostly(let limit): problem = "has rules that cost more than \(limit) matching steps to evaluate"
            case .unsupported(let reason):
                problem = "was not evaluated: \(reason)"
                severity = min(severity, .info)
                consequence = "bundlediff cannot tell whether the files match it; run codesign --verify on a Mac"
            }
            out.append(Finding(ruleID: .sealInvalid, severity: severity, bundle: names[evaluation.bundlePath] ?? evaluation.bundlePath.description,
                               message: "the code signature seal \(problem); " + consequence,
                               paths: [evaluation.codeResourcesPath], subject: "seal"))
        }
        return out
    }
}
