import BundleModel
import MachO

/// A binary both builds have links libraries differently: one newly linked, one dropped,
/// or one linked another way (weak ↔ strong, re-export, lazy, upward).
public struct LibrariesChangedRule: Rule {
    public init() {}

    static let contacts = "/System/Library/Frameworks/Contacts.framework/Contacts"
    static let zlib = "/usr/lib/libz.1.dylib"

    public static let description = RuleDescription(
        id: .librariesChanged, name: "Linked libraries changed", defaultSeverity: .info,
        rationale: "A newly linked framework brings new code, size and sometimes a privacy review; a dropped one "
            + "may still be needed by a plug-in; a library that became weak lets the app launch where it is missing, "
            + "one that became strong stops the launch there. One finding per binary (each bundle's main executable "
            + "and every Mach-O file at the same path in both builds) lists every change; versions of a library are "
            + "not compared (each SDK bump changes them). Compared per architecture both builds have, said per "
            + "architecture only where the slices disagree; builds recorded without Mach-O facts are not judged.",
        triggeringExamples: [
            RuleExample("Contacts newly linked, libz became weak",
                        old: BinaryPairs.app([LinkChanges.slice(load: [zlib])]),
                        new: BinaryPairs.app([LinkChanges.slice(load: [contacts], weak: [zlib])]), expectedCount: 1),
            RuleExample("a nested framework's binary dropped a library", old: BinaryPairs.app([LinkChanges.slice()])
                .binary("Example.app/Frameworks/Kit.framework/Kit", MachOFile(container: .thin, slices: [LinkChanges.slice(load: [zlib])])),
                        new: BinaryPairs.app([LinkChanges.slice()])
                .binary("Example.app/Frameworks/Kit.framework/Kit", MachOFile(container: .thin, slices: [LinkChanges.slice()])),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("same libraries", old: BinaryPairs.app([LinkChanges.slice(load: [zlib])]),
                        new: BinaryPairs.app([LinkChanges.slice(load: [zlib], rpaths: ["@executable_path/Frameworks"])])),
            RuleExample("an architecture added links the same", old: BinaryPairs.app([LinkChanges.slice(load: [zlib])]),
                        new: BinaryPairs.app([LinkChanges.slice(load: [zlib]), LinkChanges.slice(.arm64e, load: [zlib, contacts])])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        BinaryPairs.allPairs(context).compactMap { p in
            let changes = LinkChanges.libraries(p.old, p.new)
            guard changes.count > 0 else { return nil }
            let count = changes.count == 1 ? "1 library" : "\(changes.count) libraries"
            return Finding(ruleID: .librariesChanged, severity: context.severity(of: .librariesChanged), bundle: p.name,
                           message: "\(p.path.nameString) links \(count) differently: \(changes.groups.joined(separator: "; "))",
                           paths: [p.path], subject: "\(p.path)|\(changes.groups.joined(separator: "|"))")
        }
    }
}
