import BundleModel
import Comparison
import PropertyLists

/// A version string that is not 1–3 non-negative integers cannot be compared: say why.
public struct MalformedVersionRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .malformedVersion, name: "Version string is not 1–3 non-negative integers", defaultSeverity: .error,
        rationale: "CFBundleVersion and CFBundleShortVersionString are strings of period-separated non-negative "
            + "integers. '1.0b3', '-beta.0', a git hash or a space make App Store Connect reject the build, and make "
            + "any comparison meaningless, so the finding replaces a wrong comparison; so does a number where the "
            + "string belongs (<integer>5</integer>). A key (or the Info.plist) missing from an app, a watch app, an App "
            + "Clip or an app extension leaves nothing to compare: App Store Connect refuses such a build (ITMS-90056, ITMS-90057), "
            + "and the gate does not pass it. A helper app or framework, whose versions the gate does not compare, is "
            + "judged only in a build that may reach App Store Connect, and its empty value is a missing key "
            + "(info-plist.required-keys). bundlediff check judges the strings of a build that may reach App Store Connect, "
            + "frameworks' included ('8.22.3-beta.0', '241209 854': ITMS-90058 for CFBundleVersion, ITMS-90060 for "
            + "CFBundleShortVersionString), and leaves missing, empty or non-string keys to info-plist.required-keys.",
        appStoreCodes: ["ITMS-90056", "ITMS-90057", "ITMS-90058", "ITMS-90060"],
        triggeringExamples: [
            RuleExample("beta suffix", old: nil, new: BuildNotIncreasedRule.app(short: "1.0", build: "1.0b3")),
            RuleExample("git hash", old: nil, new: BuildNotIncreasedRule.app(short: "1.0", build: "9c8e08b")),
            RuleExample("space", old: nil, new: BuildNotIncreasedRule.app(short: "1.0 ", build: "3")),
            RuleExample("four build components", old: nil, new: BuildNotIncreasedRule.app(short: "1.0", build: "1.2.3.4")),
            RuleExample("a number, not a string", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", shortVersion: "1.0",
                        info: [("CFBundleVersion", .integer(PlistInteger(5)))]), expectedCount: 1),
            RuleExample("no CFBundleVersion", old: BuildNotIncreasedRule.app(short: "1.0", build: "5"),
                        new: ExampleBuild().bundle("Example.app", id: "com.example.app", shortVersion: "1.0")),
            RuleExample("a widget without CFBundleShortVersionString", old: nil, new: BuildNotIncreasedRule.app(short: "1.0", build: "5")
                .bundle("Example.app/PlugIns/Widget.appex", kind: .appex, id: "com.example.app.widget", version: "5")),
            RuleExample("an extension whose Info.plist is missing", old: nil, new: BuildNotIncreasedRule.app(short: "1.0", build: "5")
                .bundle("Example.app/PlugIns/Share.appex", kind: .appex, hasInfoPlist: false)),
            RuleExample("a watch app without CFBundleVersion", old: nil, new: BuildNotIncreasedRule.app(short: "1.0", build: "5")
                .bundle("Example.app/Watch/W.app", id: "com.example.app.watchkitapp", shortVersion: "1.0")),
        ],
        nonTriggeringExamples: [
            RuleExample("leading zeros", old: nil, new: BuildNotIncreasedRule.app(short: "01.0", build: "007")),
            RuleExample("four short components go to their own rule", old: nil,
                        new: BuildNotIncreasedRule.app(short: "1.2.3.4", build: "1")),
            RuleExample("a macOS helper app and a framework keep their own keys, or none", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", version: "5", shortVersion: "1.0", layout: .contents)
                .bundle("Example.app/Contents/Library/LoginItems/Helper.app", id: "com.example.app.helper", layout: .contents)
                .bundle("Example.app/Contents/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit")),
            RuleExample("a helper app's empty versions (Qt's QtWebEngineProcess.app)", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", version: "5", shortVersion: "1.0", layout: .contents)
                .bundle("Example.app/Contents/Helpers/Helper.app", id: "com.example.app.helper", version: "",
                        shortVersion: "", layout: .contents)),
            RuleExample("a helper app's '1.0b3' in a Developer ID build", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", version: "5", shortVersion: "1.0", layout: .contents)
                .bundle("Example.app/Contents/Helpers/Helper.app", id: "com.example.app.helper", version: "1.0b3",
                        shortVersion: "1.0", layout: .contents),
                        configuration: RuleConfiguration(distribution: .developerID)),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        let build = context.check(isNew: true)
        // `check`: only App Store Connect's refusal is left to say, and a missing key is
        // info-plist.required-keys' there.
        let alone = context.judgesOneBuild
        if alone && !build.mayBeUploaded { return [] }
        for b in context.comparison.bundles {
            // A static framework's versions never reach App Store Connect (it is linked in).
            guard let n = b.new, !context.isUnchangedInner(b), !build.isStaticFramework(n) else { continue }
            let judged = Self.mustCarryVersions(n)
            // A bundle the gate does not compare (a helper app, a framework) matters to App
            // Store Connect only.
            if !judged && !build.mayBeUploaded { continue }
            if judged, !alone, build.info(of: n) == nil {
                out.append(Finding(
                    ruleID: .malformedVersion, severity: context.severity(of: .malformedVersion), bundle: b.name,
                    message: "\(n.infoPlistPath.relative(to: n.path)?.description ?? "Info.plist") is missing or does not "
                        + "decode, so there are no versions to compare; the system does not load the bundle",
                    paths: [n.infoPlistPath], subject: "Info.plist:unreadable"))
                continue
            }
            for (key, value) in [("CFBundleVersion", n.version), ("CFBundleShortVersionString", n.shortVersion)] {
                if judged, !alone, let info = build.info(of: n), info[key] == nil {
                    out.append(Finding(
                        ruleID: .malformedVersion, severity: context.severity(of: .malformedVersion), bundle: b.name,
                        message: "\(key) is missing, so there is no version to compare"
                            + (build.mayBeUploaded ? "; App Store Connect refuses the build ("
                                + (key == "CFBundleVersion" ? "ITMS-90056" : "ITMS-90057") + ")" : ""),
                        paths: [n.infoPlistPath], subject: "\(key):missing"))
                    continue
                }
                // A number where the string belongs (`<integer>5</integer>`): App Store Connect
                // reads versions as strings, and `check` refuses the key (info-plist.required-keys).
                if !alone, let raw = build.info(of: n)?[key], raw.stringValue == nil {
                    out.append(Finding(
                        ruleID: .malformedVersion, severity: context.severity(of: .malformedVersion), bundle: b.name,
                        message: "\(key) is \(raw.typeNameWithArticle), not a string; App Store Connect reads versions as "
                            + "strings: write it as <string>",
                        paths: [n.infoPlistPath], subject: "\(key):type"))
                    continue
                }
                // Such a bundle's empty value is a missing key (Qt's helper apps ship `<string></string>`),
                // which `info-plist.required-keys` names.
                guard let text = value, (judged && !alone) || !text.isEmpty, let reason = Self.problem(text, key: key) else {
                    continue
                }
                let consequence = alone
                    ? ": App Store Connect refuses it (\(key == "CFBundleVersion" ? "ITMS-90058" : "ITMS-90060"))"
                    : ", so it was not compared"
                out.append(Finding(
                    ruleID: .malformedVersion, severity: context.severity(of: .malformedVersion), bundle: b.name,
                    message: "\(key) '\(text)' \(reason); it must be 1–3 period-separated non-negative integers"
                        + consequence,
                    paths: [n.infoPlistPath], subject: "\(key)=\(text)"))
            }
        }
        return out
    }

    /// Whether `bundle` must carry both version keys for the gate to judge it: an app at the
    /// top of the build, a watch app or App Clip inside one, or an app extension. A macOS
    /// helper app or login item, and frameworks, keep their own keys or none.
    static func mustCarryVersions(_ bundle: BundleInfo) -> Bool {
        switch bundle.kind {
        case .appex: return true
        case .app:
            guard let parent = bundle.parentPath else { return true }
            return NestedAppVersionMismatchRule.isWatchAppOrAppClip(bundle.path, in: parent)
        default: return false
        }
    }

    /// Why `text` is not a well-formed value of `key`, nil when it is. More than three
    /// components is the marketing version's own rule (`version.short-version-components`).
    static func problem(_ text: String, key: String) -> String? {
        switch VersionNumber.parse(text) {
        case .failure(let problem): return problem.reason
        case .success(let v):
            guard key == "CFBundleVersion", v.components.count > 3 else { return nil }
            return "has \(v.components.count) components (at most 3 integers allowed)"
        }
    }
}
