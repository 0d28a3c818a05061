import BundleModel
import Comparison

/// Files directly in `Library/Preferences/` that are not the defaults system's plists.
public struct ContainerPreferencesFileRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .containerPreferencesFile, name: "A file in Library/Preferences/ that is not a defaults plist",
        defaultSeverity: .warning,
        rationale: "Library/Preferences/ belongs to the defaults system: never create files there directly, use "
            + "UserDefaults (File System Basics). The defaults system writes one property list per domain "
            + "(`<domain>.plist`), plus short-lived `<domain>.plist.<suffix>` files while it saves; anything else "
            + "there, or a .plist that is not a property list, was written by the app.",
        triggeringExamples: [
            RuleExample("a JSON file",
                        old: ContainerExamples.container(["Documents/a.txt": "a"], defaults: [("k", .boolean(true))]),
                        new: ContainerExamples.container(["Documents/a.txt": "a", "Library/Preferences/settings.json": "{}"],
                                                         defaults: [("k", .boolean(true))]), expectedCount: 1),
            RuleExample("a .plist that is not one",
                        old: ContainerExamples.container(["Documents/a.txt": "a"]),
                        new: ContainerExamples.container(["Documents/a.txt": "a"])
                            .stringsText("Library/Preferences/state.plist", "not a plist {"), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("the defaults plist", old: ContainerExamples.container([:], defaults: [("k", .boolean(true))]),
                        new: ContainerExamples.container([:], defaults: [("k", .boolean(false))])),
            RuleExample("a file in a subfolder of Preferences",
                        old: ContainerExamples.container(["Documents/a.txt": "a"]),
                        new: ContainerExamples.container(["Library/Preferences/ByHost/x.plist.lock": "l", "Documents/a.txt": "a"])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        guard ContainerChanges.of(context) != nil else { return [] }
        let c = context.comparison
        let preferences = BundlePath("Library/Preferences")
        return c.new.entries.compactMap { entry in
            guard entry.kind != .directory, entry.path.parent == preferences else { return nil }
            let name = entry.path.nameString
            let what: String
            if name.hasSuffix(".plist") {
                guard entry.kind == .file, case .undecodable(let reason)? = c.new.plists[entry.path] else { return nil }
                what = "is not a property list (\(reason))"
            } else if name.utf8.contains(".plist.".utf8), entry.kind == .file {
                return nil  // the defaults system's file while it saves
            } else {
                what = entry.kind == .symlink ? "is a symbolic link" : "is not a defaults property list"
            }
            return Finding(ruleID: .containerPreferencesFile, severity: context.severity(of: .containerPreferencesFile),
                           bundle: ContainerChanges.app(context), message: "\(entry.path) \(what): Library/Preferences/ is the defaults system's; "
                               + "keep settings in UserDefaults and other files in Application Support/",
                           paths: [entry.path], isNew: c.oldIndex.entry(at: entry.path) == nil,
                           subject: entry.path.description)
        }
    }
}
