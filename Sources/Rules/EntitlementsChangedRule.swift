import BundleModel
import PropertyLists

/// Entitlements changed between two builds: those that decide what an app can reach (app
/// groups, keychain groups, associated domains, push environment, iCloud containers) in the
/// profiles or in the executables' signatures, and any other key of the signatures.
public struct EntitlementsChangedRule: Rule {
    public init() {}

    /// The entitlements watched, by the name messages give them.
    static let watched: [(label: String, keys: [String])] = [
        ("app groups", ["com.apple.security.application-groups"]),
        ("keychain access groups", ["keychain-access-groups"]),
        ("associated domains", ["com.apple.developer.associated-domains"]),
        ("push environment", ["aps-environment", "com.apple.developer.aps-environment"]),
        ("iCloud containers", ["com.apple.developer.icloud-container-identifiers",
                               "com.apple.developer.ubiquity-container-identifiers",
                               "com.apple.developer.ubiquity-kvstore-identifier"]),
    ]

    public static let description = RuleDescription(
        id: .entitlementsChanged, name: "Entitlements changed", defaultSeverity: .warning,
        rationale: "App groups, keychain access groups, associated domains, the push environment and iCloud "
            + "containers decide which shared data, credentials, universal links, notifications and cloud "
            + "storage an app reaches; a change between two builds loses users' data or links when it is not "
            + "intended. Read from each bundle's embedded provisioning profile (bundles matched by identifier) and "
            + "from the entitlements signed into each bundle's main executable (the code signature's XML blob); a "
            + "signature change the profile already reported the same way is said once. Where the signatures are "
            + "known, a change of the profile alone is information: a profile lists what the app may claim (Apple's "
            + "TN3125), and a renewed one often allows more. The keychain access groups compared are the app's whole "
            + "list: keychain-access-groups, then application-identifier. Any other signed key "
            + "added, removed or changed is information (get-task-allow differs between a development and a "
            + "distribution build). Builds recorded without Mach-O facts are compared by profile only.",
        triggeringExamples: [
            RuleExample("app group replaced, push environment changed",
                        old: ProfileCheck.app(aps: "development", extra: [("com.apple.security.application-groups", .array([.string("group.old")]))]),
                        new: ProfileCheck.app(aps: "production", extra: [("com.apple.security.application-groups", .array([.string("group.new")]))]),
                        expectedCount: 2),
            RuleExample("signature: app group replaced, get-task-allow dropped",
                        old: signedApp(signed: [("com.apple.security.application-groups", .array([.string("group.old")])),
                                                ("get-task-allow", .boolean(true))]),
                        new: signedApp(signed: [("com.apple.security.application-groups", .array([.string("group.new")]))]),
                        expectedCount: 2),
            RuleExample("profile and signature say the same: once",
                        old: signedApp(profile: [("aps-environment", .string("development"))],
                                       signed: [("aps-environment", .string("development"))]),
                        new: signedApp(profile: [("aps-environment", .string("production"))],
                                       signed: [("aps-environment", .string("production"))]),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("same entitlements, other order",
                        old: ProfileCheck.app(extra: [("keychain-access-groups", .array([.string("A.x"), .string("A.y")]))]),
                        new: ProfileCheck.app(extra: [("keychain-access-groups", .array([.string("A.y"), .string("A.x")]))])),
            RuleExample("first build", old: nil, new: ProfileCheck.app(aps: "production")),
            RuleExample("Keychain Sharing turned on with the app's own identifier (Xcode's default group)",
                        old: signedApp(signed: [("application-identifier", .string("T.com.example.app"))]),
                        new: signedApp(signed: [("application-identifier", .string("T.com.example.app")),
                                                ("keychain-access-groups", .array([.string("T.com.example.app")]))])),
            RuleExample("same signed entitlements, keys in another order",
                        old: signedApp(signed: [("get-task-allow", .boolean(false)), ("aps-environment", .string("production"))]),
                        new: signedApp(signed: [("aps-environment", .string("production")), ("get-task-allow", .boolean(false))])),
        ])

    /// The values of `keys` as a set of strings (arrays flattened, booleans spelled). The
    /// keychain access groups are the app's whole list, as Security reads it: the
    /// `keychain-access-groups`, then the `application-identifier` (an app that lists its own
    /// identifier there, as Xcode's Keychain Sharing does by default, reaches nothing new).
    static func values(_ entitlements: PlistDictionary, _ keys: [String]) -> Set<String> {
        var out: Set<String> = []
        let keys = keys == ["keychain-access-groups"]
            ? keys + ["application-identifier", "com.apple.application-identifier"] : keys
        for key in keys {
            switch entitlements[key] {
            case .string(let s)?: out.insert(s)
            case .array(let items)?: for case .string(let s) in items { out.insert(s) }
            case .some(let other): out.insert(PlistText.render(other))
            case nil: continue
            }
        }
        return out
    }

    public func findings(in context: RuleContext) -> [Finding] {
        guard context.hasOldBuild else { return [] }
        let build = context.check(isNew: true)
        var old: [String: ProvisioningProfileModel] = [:]
        for e in ProfileCheck.profiles(in: context.oldIndex.snapshot) {
            old[e.bundle.identifier ?? e.bundle.path.description] = e.profile
        }
        let pairs = Self.signedPairs(in: context)
        var signed: [BundlePath: (PlistDictionary, PlistDictionary)] = [:]
        for p in pairs { if let bundle = p.bundle { signed[bundle] = (p.before, p.after) } }
        var out: [Finding] = []
        var said: ProfileSaid = [:]
        for e in ProfileCheck.profiles(in: context.newIndex.snapshot) {
            guard let before = old[e.bundle.identifier ?? e.bundle.path.description] else { continue }
            for (label, keys) in Self.watched {
                let a = Self.values(before.entitlements, keys), b = Self.values(e.profile.entitlements, keys)
                guard a != b else { continue }
                var severity = context.severity(of: .entitlementsChanged)
                var advice = "make sure users' data, links and notifications follow"
                if let (was, now) = signed[e.bundle.path] {
                    // The profile only allows; what the app claims is signed into it. A signed
                    // change is said from the signature; a change of the allowlist alone
                    // changes nothing the app reaches.
                    guard Self.values(was, keys) == Self.values(now, keys) else { continue }
                    severity = context.severity(of: .entitlementsChanged, atMost: .info)
                    advice = "the executable's signed entitlements did not change, so nothing the app reaches did "
                        + "(the profile lists what the app may claim)"
                } else {
                    said[e.bundle.path, default: [:]][label] = (a, b)
                }
                out.append(Finding(ruleID: .entitlementsChanged, severity: severity, bundle: build.name(of: e.bundle),
                                   message: "\(label) changed in the embedded profile: \(Self.changeText(a, b)); " + advice,
                                   paths: [e.path], subject: label))
            }
        }
        return out + Self.signatureFindings(pairs, in: context, profileSaid: said)
    }

    /// `added 'x'; removed 'y'` for two sets of values.
    static func changeText(_ a: Set<String>, _ b: Set<String>) -> String {
        var parts: [String] = []
        let added = b.subtracting(a).sorted(), removed = a.subtracting(b).sorted()
        if !added.isEmpty { parts.append("added " + added.map { "'\($0)'" }.joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("removed " + removed.map { "'\($0)'" }.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }
}
