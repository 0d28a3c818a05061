import BundleModel
import PropertyLists

/// An app extension whose Info.plist names no extension point.
public struct ExtensionPointRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .extensionPoint, name: "App extension names no extension point", defaultSeverity: .error,
        rationale: "The system loads an .appex for the extension point its Info.plist names: "
            + "NSExtension › NSExtensionPointIdentifier, or for ExtensionKit extensions EXAppExtensionAttributes › "
            + "EXExtensionPointIdentifier. Without one the extension is never loaded and App Store Connect "
            + "refuses the bundle.",
        triggeringExamples: [
            RuleExample("no NSExtension", old: nil, new: ExampleBuild().bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/PlugIns/Share.appex", kind: .appex, id: "com.example.app.share")),
        ],
        nonTriggeringExamples: [
            RuleExample("share extension", old: nil, new: ExampleBuild().bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/PlugIns/Share.appex", kind: .appex, id: "com.example.app.share",
                        info: [("NSExtension", .dictionary(PlistDictionary([
                            ("NSExtensionPointIdentifier", PlistValue.string("com.apple.share-services"))])))])),
            RuleExample("ExtensionKit extension", old: nil, new: ExampleBuild().bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/Extensions/E.appex", kind: .appex, id: "com.example.app.e",
                        info: [("EXAppExtensionAttributes", .dictionary(PlistDictionary([
                            ("EXExtensionPointIdentifier", PlistValue.string("com.example.point"))])))])),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        build.bundles.compactMap { b in
            guard b.kind == .appex, let info = build.info(of: b) else { return nil }
            let point = info["NSExtension"]?["NSExtensionPointIdentifier"]?.stringValue
                ?? info["EXAppExtensionAttributes"]?["EXExtensionPointIdentifier"]?.stringValue
            guard point?.isEmpty ?? true else { return nil }
            return Finding(ruleID: .extensionPoint, severity: build.severity(of: .extensionPoint), bundle: build.name(of: b),
                           message: "the extension's Info.plist has no NSExtension › NSExtensionPointIdentifier "
                               + "(nor EXAppExtensionAttributes › EXExtensionPointIdentifier): nothing loads it",
                           paths: [b.infoPlistPath], subject: "NSExtensionPointIdentifier")
        }
    }
}
