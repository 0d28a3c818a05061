import BundleModel
import MachO
import PropertyLists

/// Entitlements in a bundle's code signature that its embedded provisioning profile does
/// not grant.
public struct EntitlementsNotGrantedRule: CheckRule {
    public init() {}

    /// Keys other rules judge (`profile.get-task-allow`) or whose profile value Apple's
    /// documents do not state (App Attest's environment may differ from the profile's).
    static let skippedKeys: Set<String> = ["get-task-allow", "com.apple.security.get-task-allow",
                                           "com.apple.developer.devicecheck.appattest-environment"]

    public static let description = RuleDescription(
        id: .entitlementsNotGranted, name: "Signed entitlements the profile does not grant", defaultSeverity: .error,
        rationale: "Every entitlement an iOS, tvOS, watchOS or visionOS executable claims in its code signature must "
            + "be granted by its embedded provisioning profile (TN3125: on these platforms all entitlements are "
            + "restricted); the device refuses to launch it otherwise, and App Store Connect refuses the upload: "
            + "'Invalid Code Signing Entitlements. The entitlements in your app bundle signature do not match the "
            + "ones that are contained in the provisioning profile' (ITMS-90164). Profile values are patterns: '*' "
            + "and a trailing '*' (TEAMID.*, TEAMID.com.example.*) grant by prefix, arrays grant subsets, true "
            + "grants a boolean. macOS has unrestricted entitlements (com.apple.security.app-sandbox) no profile "
            + "lists, so there only a key the profile lists with a value it does not grant is a finding. Silent "
            + "without an embedded profile, without signature entitlements (or builds recorded without Mach-O "
            + "facts), for get-task-allow (profile.get-task-allow) and for App Attest's environment.",
        appStoreCodes: ["ITMS-90164"],
        triggeringExamples: [
            RuleExample("iCloud claimed, not in the profile", old: nil,
                        new: app(signed: [("com.apple.developer.icloud-services", .array([.string("CloudKit")]))]),
                        expectedCount: 1),
            RuleExample("an app group the profile does not list", old: nil,
                        new: app(signed: [("com.apple.security.application-groups", .array([.string("group.com.other")]))],
                                 granted: [("com.apple.security.application-groups", .array([.string("group.com.example")]))]),
                        expectedCount: 1),
            RuleExample("development push in an App Store profile", old: nil,
                        new: app(signed: [("aps-environment", .string("development"))],
                                 granted: [("aps-environment", .string("production"))]), expectedCount: 1),
            RuleExample("a macOS key the profile lists with another value", old: nil,
                        new: app(signed: [("com.apple.developer.aps-environment", .string("development"))],
                                 granted: [("com.apple.developer.aps-environment", .string("production"))], mac: true),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("wildcard keychain group and associated domains", old: nil, new: app(
                signed: [("keychain-access-groups", .array([.string("ABCDE12345.com.example.shared"), .string("com.apple.token")])),
                         ("com.apple.developer.associated-domains", .array([.string("applinks:example.com")]))],
                granted: [("keychain-access-groups", .array([.string("ABCDE12345.*")])),
                          ("com.apple.developer.associated-domains", .string("*"))])),
            RuleExample("a wildcard app id and a subset of containers", old: nil, new: app(
                signed: [("com.apple.developer.icloud-container-environment", .string("Production")),
                         ("com.apple.developer.icloud-container-identifiers", .array([.string("iCloud.com.example")]))],
                granted: [("com.apple.developer.icloud-container-environment", .array([.string("Development"), .string("Production")])),
                          ("com.apple.developer.icloud-container-identifiers",
                           .array([.string("iCloud.com.example"), .string("iCloud.com.example.other")]))],
                appID: "ABCDE12345.com.example.*")),
            RuleExample("get-task-allow is profile.get-task-allow's", old: nil,
                        new: app(signed: [("get-task-allow", .boolean(true))])),
            RuleExample("a macOS app group named by the team id needs no profile", old: nil,
                        new: app(signed: [("com.apple.security.application-groups",
                                           .array([.string("ABCDE12345.com.example"), .string("group.com.example")]))],
                                 granted: [("com.apple.security.application-groups", .array([.string("group.com.example")]))],
                                 mac: true)),
            RuleExample("macOS sandbox keys need no profile", old: nil,
                        new: app(signed: [("com.apple.security.app-sandbox", .boolean(true))], mac: true)),
            RuleExample("no embedded profile", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
                .binary("Example.app/Example", signedFile([("com.apple.developer.siri", .boolean(true))]))),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for embedded in ProfileCheck.profiles(in: build.snapshot) {
            let granted = embedded.profile.entitlements
            guard !granted.isEmpty, let (path, file) = build.executableFacts(of: embedded.bundle) else { continue }
            let mobile = build.isMobile(embedded.bundle)
            let catalyst = file.slices.contains { $0.buildVersions.contains { $0.platform == .macCatalyst } }
            var seen = Set<String>()
            for claimed in file.slices.compactMap(\.signedEntitlements) {
                for (key, claim) in claimed.entries where !Self.skippedKeys.contains(key) && !seen.contains(key) {
                    // On macOS (not Catalyst) an app group named by the team id (`TEAMID.x`)
                    // is the signing team's own: only `group.` ones need the profile.
                    guard let value = mobile || catalyst ? claim : Self.needingProfile(claim, key: key) else { continue }
                    let problem: String
                    if let grant = granted[key] {
                        guard EntitlementGrant.grants(grant, value, key: key) == false else { continue }
                        problem = "claims \(PlistText.render(value)) for '\(key)', which the embedded profile does not grant "
                            + "(it grants \(PlistText.render(grant)))"
                    } else {
                        guard mobile else { continue }
                        problem = "claims '\(key)', which the embedded profile does not include"
                    }
                    seen.insert(key)
                    out.append(Finding(ruleID: .entitlementsNotGranted, severity: build.severity(of: .entitlementsNotGranted),
                                       bundle: build.name(of: embedded.bundle),
                                       message: "the signature of \(path.relative(to: embedded.bundle.path)?.description ?? path.description) "
                                           + problem + ": the device refuses to launch it and App Store Connect refuses the "
                                           + "upload (ITMS-90164); re-sign with entitlements the profile grants, or a profile "
                                           + "that grants them",
                                       paths: [path, embedded.path], subject: "entitlement|\(key)"))
                }
            }
        }
        return out
    }
}

extension EntitlementsNotGrantedRule {
    /// On standard macOS, the part of a claimed value a profile must grant: app groups that
    /// begin with `group.` (a team-id-prefixed group needs no profile); nil when nothing
    /// is left to grant. Every other key as claimed.
    static func needingProfile(_ claim: PlistValue, key: String) -> PlistValue? {
        guard key == "com.apple.security.application-groups" else { return claim }
        switch claim {
        case .string(let s): return s.hasPrefix("group.") ? claim : nil
        case .array(let items):
            let kept = items.filter { $0.stringValue?.hasPrefix("group.") ?? true }
            return kept.isEmpty ? nil : .array(kept)
        default: return claim
        }
    }

    /// `Example.app` (iOS, or macOS with `mac`) whose executable claims `signed` and whose
    /// profile grants the app id, the team and `granted`.
    static func app(signed: [(String, PlistValue)], granted: [(String, PlistValue)] = [],
                    appID: String = "ABCDE12345.com.example.app", mac: Bool = false) -> ExampleBuild {
        let profile = PlistDictionary([
            ("TeamIdentifier", .array([.string("ABCDE12345")])),
            ("Entitlements", .dictionary(PlistDictionary([("application-identifier", .string(appID)),
                                                          ("com.apple.developer.team-identifier", .string("ABCDE12345"))]
                                                         + granted))),
        ])
        let base: [(String, PlistValue)] = [("application-identifier", .string("ABCDE12345.com.example.app")),
                                            ("com.apple.developer.team-identifier", .string("ABCDE12345"))]
        let build = ExampleBuild().bundle("Example.app", id: "com.example.app", layout: mac ? .contents : .flat,
                                          info: [("CFBundleExecutable", .string("Example"))])
        return mac
            ? build.plist("Example.app/Contents/embedded.provisionprofile", .dictionary(profile))
                .binary("Example.app/Contents/MacOS/Example", signedFile(signed, platform: .macOS))
            : build.plist("Example.app/embedded.mobileprovision", .dictionary(profile))
                .binary("Example.app/Example", signedFile(base + signed))
    }

    /// A thin arm64 executable whose signature claims `entitlements`.
    static func signedFile(_ entitlements: [(String, PlistValue)], platform: MachOPlatform = .iOS) -> MachOFile {
        var slice = ExampleBuild.slice(platform: platform)
        slice.codeSignature = MachOCodeSignature(identifier: "com.example.app", teamID: "ABCDE12345", flags: 0,
                                                 hasCMSSignature: true,
                                                 entitlementsXML: .value(.dictionary(PlistDictionary(entitlements))))
        return MachOFile(container: .thin, slices: [slice])
    }
}
