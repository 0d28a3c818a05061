import BundleModel

/// A framework on Apple's list of commonly used third-party SDKs, embedded in an app
/// without a privacy manifest.
public struct SDKManifestMissingRule: CheckRule {
    public init() {}

    static func app(_ framework: String, manifestAt: String? = nil) -> ExampleBuild {
        var b = ExampleBuild().bundle("Example.app", id: "com.example.app")
            .bundle("Example.app/Frameworks/\(framework).framework", kind: .framework, id: "org.example.\(framework)")
        if let manifestAt { b = b.file("Example.app/Frameworks/\(framework).framework/\(manifestAt)", "manifest") }
        return b
    }

    public static let description = RuleDescription(
        id: .sdkManifestMissing, name: "Listed third-party SDK without a privacy manifest", defaultSeverity: .error,
        rationale: "Apple names commonly used third-party SDKs that must ship a privacy manifest; an app that "
            + "includes one without it is refused: 'Missing privacy manifest - Your app includes "
            + "\"Frameworks/FBAEMKit.framework/FBAEMKit\", which includes FBAEMKit, an SDK that was identified … as a "
            + "commonly used third-party SDK' (ITMS-91061; NativeScript/plugins#611, gtm-session-fetcher#518). The "
            + "list is Apple's 'Upcoming third-party SDK requirements' (Sources/Rules/Resources/third-party-sdks.txt), "
            + "matched against the names of frameworks embedded in an app. A PrivacyInfo.xcprivacy anywhere inside the "
            + "framework (CocoaPods puts it in a resource bundle) counts. SDKs linked statically into the app's "
            + "executable leave no framework and are not seen. A build whose distribution is Developer ID, ad hoc or "
            + "enterprise never reaches App Store Connect and is not judged.",
        appStoreCodes: ["ITMS-91061"],
        triggeringExamples: [
            RuleExample("an old FBSDKCoreKit", old: nil, new: app("FBSDKCoreKit"), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("manifest at the framework's top", old: nil,
                        new: app("FBSDKCoreKit", manifestAt: "PrivacyInfo.xcprivacy")),
            RuleExample("manifest in a resource bundle of the framework", old: nil,
                        new: app("Alamofire", manifestAt: "Alamofire_Privacy.bundle/PrivacyInfo.xcprivacy")),
            RuleExample("a framework not on the list", old: nil, new: app("ExampleKit")),
            RuleExample("a Developer ID build (notarized, never uploaded)", old: nil, new: app("FBSDKCoreKit"),
                        configuration: RuleConfiguration(distribution: .developerID)),
            RuleExample("a listed name on a framework outside any app", old: nil, new: ExampleBuild()
                .bundle("Flutter.framework", kind: .framework, id: "io.flutter.flutter")),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        // App Store Connect's check (ITMS-9105x/9106x): a Developer ID, ad hoc or enterprise build never meets it.
        guard build.mayBeUploaded else { return [] }
        var out: [Finding] = []
        let manifests = build.index.entries(mayBeNamed: [PrivacyManifest.fileName]).filter {
            $0.kind == .file && $0.path.nameString == PrivacyManifest.fileName
        }
        for b in build.bundles where b.kind == .framework && build.outermost(of: b).kind == .app {
            let name = b.path.nameString
            guard name.hasSuffix(".framework") else { continue }
            let sdk = String(name.dropLast(".framework".count))
            guard PrivacyLists.listedSDKs.contains(sdk),
                  !manifests.contains(where: { $0.path.isWithin(b.path) }) else { continue }
            out.append(Finding(ruleID: .sdkManifestMissing, severity: build.severity(of: .sdkManifestMissing),
                               bundle: build.name(of: b),
                               message: "\(sdk) is on Apple's list of third-party SDKs that need a privacy manifest and has "
                                   + "no PrivacyInfo.xcprivacy: update it to a version that ships one (ITMS-91061)",
                               paths: [b.path], subject: sdk))
        }
        return out
    }
}
