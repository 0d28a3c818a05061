import BundleModel

/// `CFBundleIdentifier` holds only `A–Z a–z 0–9 - .`.
public struct BundleIdentifierCharsetRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .bundleIdentifierCharset, name: "CFBundleIdentifier has characters outside A–Z a–z 0–9 - .",
        defaultSeverity: .error,
        rationale: "A bundle identifier is reverse-DNS and may hold only letters, digits, hyphens and periods "
            + "(bundle-rules.md §7). An app or extension with another character cannot be given an App ID; "
            + "a framework or resource bundle still loads, so its finding is a warning.",
        triggeringExamples: [
            RuleExample("underscore in the app's identifier", old: nil,
                        new: ExampleBuild().bundle("Example.app", id: "com.example.my_app")),
            RuleExample("space in a framework's identifier", old: nil, new: ExampleBuild().bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core kit")),
        ],
        nonTriggeringExamples: [
            RuleExample("letters, digits, hyphens, periods", old: nil,
                        new: ExampleBuild().bundle("Example.app", id: "com.Example-2.app")),
        ])

    static func isValid(_ id: String) -> Bool {
        id.unicodeScalars.allSatisfy { s in
            (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "-" || s == "."
        }
    }

    public func findings(in build: CheckContext) -> [Finding] {
        build.bundles.compactMap { b in
            guard b.kind != .xcframework, let id = b.identifier, !id.isEmpty, !Self.isValid(id), !id.holdsBuildSetting else {
                return nil
            }
            let hard = b.kind == .app || b.kind == .appex
            return Finding(ruleID: .bundleIdentifierCharset,
                           severity: hard ? build.severity(of: .bundleIdentifierCharset)
                               : build.severity(of: .bundleIdentifierCharset, atMost: .warning),
                           bundle: build.name(of: b),
                           message: "CFBundleIdentifier '\(id)' has characters other than A–Z a–z 0–9 - .",
                           paths: [b.infoPlistPath], subject: id)
        }
    }
}
