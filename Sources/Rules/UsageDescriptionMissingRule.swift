import BundleModel
import MachO
import PropertyLists

/// An app or extension whose executable newly links a system framework whose only purpose
/// is a protected resource, references the class that asks for it, and whose Info.plist
/// has none of the purpose-string keys Apple requires for it.
public struct UsageDescriptionMissingRule: Rule {
    public init() {}

    static let contacts = "/System/Library/Frameworks/Contacts.framework/Contacts"
    static let store = "_OBJC_CLASS_$_CNContactStore"

    static func app(_ slice: MachOSlice, info: [(String, PlistValue)] = [], id: String = "com.example.app") -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: id, info: [("CFBundleExecutable", .string("Example"))] + info)
            .binary("Example.app/Example", MachOFile(container: .thin, slices: [slice]))
    }

    public static let description = RuleDescription(
        id: .usageDescriptionMissing, name: "Usage description missing for a newly linked framework",
        defaultSeverity: .warning,
        rationale: "App Store Connect rejects an upload whose binary references an API that accesses protected "
            + "user data without the purpose string in the Info.plist (ITMS-90683), and the request fails at run "
            + "time. Judged only for frameworks whose only purpose is such a resource (docs/usage-descriptions.md, "
            + "each row with its Apple source), when an app's or extension's main executable newly links one (a "
            + "bundle the old build lacked links all of its frameworks newly) AND imports the class that asks for it (CNContactStore, CLLocationManager, …), on the platforms Apple "
            + "documents the key for; any one of a row's keys suffices. One warning per missing key per bundle; "
            + "com.apple.* bundles and builds recorded without Mach-O facts are not judged.",
        triggeringExamples: [
            RuleExample("Contacts newly linked and CNContactStore used, no key",
                        old: app(LinkChanges.slice()), new: app(LinkChanges.slice(load: [contacts], imports: [store])),
                        expectedCount: 1),
            RuleExample("a new extension uses CNContactStore, no key",
                        old: app(LinkChanges.slice()),
                        new: app(LinkChanges.slice())
                            .bundle("Example.app/PlugIns/Share.appex", kind: .appex, id: "com.example.app.share",
                                    info: [("CFBundleExecutable", .string("Share"))])
                            .binary("Example.app/PlugIns/Share.appex/Share",
                                    MachOFile(container: .thin, slices: [LinkChanges.slice(load: [contacts], imports: [store])])),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("the key is there", old: app(LinkChanges.slice()),
                        new: app(LinkChanges.slice(load: [contacts], imports: [store]),
                                 info: [("NSContactsUsageDescription", .string("Find friends"))])),
            RuleExample("linked, but the access class is not referenced", old: app(LinkChanges.slice()),
                        new: app(LinkChanges.slice(load: [contacts], imports: ["_OBJC_CLASS_$_CNPostalAddressFormatter"]))),
            RuleExample("already linked before", old: app(LinkChanges.slice(load: [contacts], imports: [store])),
                        new: app(LinkChanges.slice(load: [contacts], imports: [store]))),
            RuleExample("Face ID key on macOS", old: app(LinkChanges.slice(platform: .macOS)),
                        new: app(LinkChanges.slice(platform: .macOS,
                                                   load: ["/System/Library/Frameworks/LocalAuthentication.framework/Versions/A/LocalAuthentication"],
                                                   imports: ["_OBJC_CLASS_$_LAContext"]))),
            RuleExample("first build: nothing to compare with", old: nil,
                        new: app(LinkChanges.slice(load: [contacts], imports: [store]))),
            RuleExample("an Apple bundle", old: app(LinkChanges.slice(), id: "com.apple.Example"),
                        new: app(LinkChanges.slice(load: [contacts], imports: [store]), id: "com.apple.Example")),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        let oldSide = context.check(isNew: false), newSide = context.check(isNew: true)
        var out: [Finding] = []
        for b in context.comparison.bundles {
            guard let bundle = b.new, [.app, .appex].contains(bundle.kind), bundle.identifier?.hasPrefix("com.apple.") != true,
                  let exe = newSide.executableFacts(of: bundle), let info = newSide.info(of: bundle) else { continue }
            // What the old build linked: its executable's frameworks; nothing for a bundle it
            // lacked (when it was recorded with Mach-O facts); unknown otherwise.
            let before: Set<String>
            if let o = b.old {
                guard let facts = oldSide.executableFacts(of: o) else { continue }
                before = Self.frameworks(facts.file)
            } else {
                guard context.hasOldBuild, oldSide.hasMachOFacts else { continue }
                before = []
            }
            let newlyLinked = Self.frameworks(exe.file).subtracting(before)
            guard !newlyLinked.isEmpty else { continue }
            let imports = Set(exe.file.slices.flatMap(\.importedSymbols))
            let platforms = exe.file.platforms
            for row in UsageDescriptionTable.requirements where newlyLinked.contains(row.framework) {
                let used = row.symbols.intersection(imports).sorted()
                guard !used.isEmpty, !row.platforms.isDisjoint(with: platforms),
                      !row.keys.contains(where: { info[$0] != nil }) else { continue }
                out.append(Self.finding(row, used: used, bundle: bundle, name: b.name, path: exe.path, context: context))
            }
        }
        return out
    }

    static func finding(_ row: UsageDescriptionRequirement, used: [String], bundle: BundleInfo, name: String,
                        path: BundlePath, context: RuleContext) -> Finding {
        let classes = used.map { $0.hasPrefix("_OBJC_CLASS_$_") ? String($0.dropFirst(14)) : $0 }
        let keys = row.keys.count == 1 ? row.keys[0] : "any of " + row.keys.joined(separator: ", ")
        return Finding(
            ruleID: .usageDescriptionMissing, severity: context.severity(of: .usageDescriptionMissing), bundle: name,
            message: "\(path.nameString) newly links \(row.framework) and uses \(classes.joined(separator: ", ")), "
                + "but the Info.plist has no \(keys): App Store Connect rejects the upload (ITMS-90683, missing "
                + "purpose string) and the access request fails",
            paths: [bundle.infoPlistPath, path], subject: row.keys[0])
    }

    /// The system frameworks any slice of `file` links, by name.
    static func frameworks(_ file: MachOFile) -> Set<String> {
        Set(file.slices.flatMap(\.libraries).compactMap { UsageDescriptionTable.systemFramework($0.path) })
    }
}
