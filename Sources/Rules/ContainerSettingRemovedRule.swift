import BundleModel
import Comparison
import PropertyLists

/// A user's setting gone from the app's defaults after the upgrade.
public struct ContainerSettingRemovedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .containerSettingRemoved, name: "Setting removed from the defaults", defaultSeverity: .warning,
        rationale: "Settings live in the defaults system's property lists in Library/Preferences/, which are backed up "
            + "(File System Basics). The system never drops a key on its own: a key gone after an upgrade was removed "
            + "by the new code, and unless its value moved to another key (container.setting-renamed) the user's "
            + "choice is lost.",
        triggeringExamples: [
            RuleExample("key removed",
                        old: ContainerExamples.container([:], defaults: [("units", .string("metric")), ("k", .integer(PlistInteger(1)))]),
                        new: ContainerExamples.container([:], defaults: [("k", .integer(PlistInteger(1)))]), expectedCount: 1),
            RuleExample("a removed token's value is not repeated",
                        old: ContainerExamples.container([:], defaults: [("authToken", .string("eyJhbGciOi.secret")),
                                                                         ("k", .integer(PlistInteger(1)))]),
                        new: ContainerExamples.container([:], defaults: [("k", .integer(PlistInteger(1)))]), expectedCount: 1),
            RuleExample("defaults plist gone",
                        old: ContainerExamples.container(["Documents/a.txt": "a"], defaults: [("units", .string("metric"))]),
                        new: ContainerExamples.container(["Documents/a.txt": "a"]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("renamed with its value",
                        old: ContainerExamples.container([:], defaults: [("units", .string("metric"))]),
                        new: ContainerExamples.container([:], defaults: [("unitSystem", .string("metric"))])),
            RuleExample("moved with its value into a suite and into a dictionary",
                        old: ContainerExamples.container([:], defaults: [("sortOrder", .string("title")),
                                                                         ("fontSize", .string("large"))]),
                        new: ContainerExamples.container([:], defaults: [("settings", .dictionary(PlistDictionary([
                            ("fontSize", .string("large"))])))])
                            .plist("Library/Preferences/com.example.notes.settings.plist",
                                   .dictionary(PlistDictionary([("sortOrder", .string("title"))])), format: .binary)),
            RuleExample("a system framework's own domain", old: ContainerExamples.container([:])
                            .plist("Library/Preferences/com.apple.EmojiCache.plist",
                                   .dictionary(PlistDictionary([("EMFRecentsKey", .string("x"))])), format: .binary),
                        new: ContainerExamples.container([:])
                            .plist("Library/Preferences/com.apple.EmojiCache.plist", .dictionary(PlistDictionary([])),
                                   format: .binary)),
            RuleExample("value changed",
                        old: ContainerExamples.container([:], defaults: [("units", .string("metric"))]),
                        new: ContainerExamples.container([:], defaults: [("units", .string("imperial"))])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        let defaults = ContainerDefaults(context)
        let severity = context.severity(of: .containerSettingRemoved)
        var out = defaults.lostFiles.map { lost in
            Finding(ruleID: .containerSettingRemoved, severity: severity, bundle: ContainerChanges.app(context),
                    message: "\(lost.path) is gone with its \(lost.keys) setting\(lost.keys == 1 ? "" : "s"): the user's "
                        + "choices are lost unless the new version moved them",
                    paths: [lost.path], subject: lost.path.description)
        }
        out += defaults.removed.map { r in
            Finding(ruleID: .containerSettingRemoved, severity: severity, bundle: ContainerChanges.app(context),
                    message: "'\(r.key)' (was \(ContainerDefaults.shown(r.key, r.value))) is gone from \(r.path) and no "
                        + "new key holds its value: the user's setting is lost; migrate it or keep reading the old key",
                    paths: [r.path], subject: "\(r.path)|\(r.key)")
        }
        return out
    }
}
