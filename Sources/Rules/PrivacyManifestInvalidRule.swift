import BundleModel
import PropertyLists

/// A `PrivacyInfo.xcprivacy` that App Store Connect refuses: a category or reason code not
/// on Apple's list, or keys and values of the wrong type.
public struct PrivacyManifestInvalidRule: CheckRule {
    public init() {}

    static func api(_ category: String, _ reasons: [String]) -> PlistValue {
        .dictionary(PlistDictionary([("NSPrivacyAccessedAPIType", .string(category)),
                                     ("NSPrivacyAccessedAPITypeReasons", .array(reasons.map { .string($0) }))]))
    }

    static func app(_ manifest: PlistValue) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app").plist("Example.app/PrivacyInfo.xcprivacy", manifest)
    }

    public static let description = RuleDescription(
        id: .privacyManifestInvalid, name: "Privacy manifest App Store Connect refuses", defaultSeverity: .error,
        rationale: "App Store Connect validates every PrivacyInfo.xcprivacy in an upload: 'Invalid API category "
            + "declaration … contains \"DiskSpace\" as the value for a NSPrivacyAccessedAPIType key, which is invalid' "
            + "(ITMS-91054; flutter/flutter#145269), 'Invalid API reason declaration … contains \"CA92.1\" … instead "
            + "of a valid reason code for using an API in the NSPrivacyAccessedAPICategoryDiskSpace category' "
            + "(ITMS-91055; tealium-swift#329), 'Invalid privacy manifest … Keys and values in your app's privacy "
            + "manifests must be valid' (ITMS-91056, ITMS-91108 since November 2024). Categories and reason codes "
            + "come from Apple's 'Describing use of required reason API' (Sources/Rules/Resources/"
            + "required-reason-apis.txt). Only the file named PrivacyInfo.xcprivacy is a manifest; the type of "
            + "each documented key is checked, unknown keys are left alone.",
        appStoreCodes: ["ITMS-91054", "ITMS-91055", "ITMS-91056"],
        triggeringExamples: [
            RuleExample("category without its prefix", old: nil, new: app(.dictionary(PlistDictionary([
                ("NSPrivacyAccessedAPITypes", .array([api("DiskSpace", ["E174.1"])]))]))), expectedCount: 1),
            RuleExample("reason code of another category", old: nil, new: app(.dictionary(PlistDictionary([
                ("NSPrivacyAccessedAPITypes", .array([api("NSPrivacyAccessedAPICategoryDiskSpace", ["CA92.1"])]))]))),
                        expectedCount: 1),
            RuleExample("tracking flag written as a string", old: nil, new: app(.dictionary(PlistDictionary([
                ("NSPrivacyTracking", .string("NO"))]))), expectedCount: 1),
            RuleExample("manifest of a framework that does not parse", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit")
                .stringsText("Example.app/Frameworks/Kit.framework/PrivacyInfo.xcprivacy", "{ \"a\" = ")),
        ],
        nonTriggeringExamples: [
            RuleExample("valid categories and reasons", old: nil, new: app(.dictionary(PlistDictionary([
                ("NSPrivacyTracking", .boolean(false)), ("NSPrivacyTrackingDomains", .array([])),
                ("NSPrivacyCollectedDataTypes", .array([])),
                ("NSPrivacyAccessedAPITypes", .array([api("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.1"]),
                                                      api("NSPrivacyAccessedAPICategoryFileTimestamp", ["C617.1", "3B52.1"])])),
            ])))),
            RuleExample("another .xcprivacy name is not a manifest", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app")
                .plist("Example.app/Draft.xcprivacy", .dictionary(PlistDictionary([("NSPrivacyTracking", .string("NO"))])))),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for (path, decoded) in build.snapshot.plists where path.nameString == PrivacyManifest.fileName {
            let owner = build.index.owner(of: path)
            let bundle = owner.map { build.name(of: $0) } ?? ""
            let shown = owner.flatMap { path.relative(to: $0.path) }?.description ?? path.description
            for p in PrivacyManifest(decoded).problems {
                out.append(Finding(ruleID: .privacyManifestInvalid, severity: build.severity(of: .privacyManifestInvalid),
                                   bundle: bundle, message: "\(shown): \(p.message) (\(p.code))", paths: [path],
                                   subject: "\(path.description)|\(p.subject)"))
            }
        }
        return out
    }
}
