import BundleModel
import MachO

/// A binary both builds have searches other rpaths, or the same ones in another order.
public struct RpathsChangedRule: Rule {
    public init() {}

    static let frameworks = "@executable_path/Frameworks"
    static let loader = "@loader_path/Frameworks"

    public static let description = RuleDescription(
        id: .rpathsChanged, name: "Rpaths changed", defaultSeverity: .info,
        rationale: "dyld resolves every @rpath/ library through the LC_RPATH list, in order: a removed entry can "
            + "leave a framework unfound at launch, an added or reordered one can load another copy than before. "
            + "One finding per binary (each bundle's main executable and every Mach-O file at the same path in both "
            + "builds) with the entries added, removed and the order when it changed; per architecture only "
            + "where the slices disagree. Builds recorded without Mach-O facts are not judged.",
        triggeringExamples: [
            RuleExample("an rpath removed", old: BinaryPairs.app([LinkChanges.slice(rpaths: [frameworks, loader])]),
                        new: BinaryPairs.app([LinkChanges.slice(rpaths: [frameworks])]), expectedCount: 1),
            RuleExample("reordered", old: BinaryPairs.app([LinkChanges.slice(rpaths: [frameworks, loader])]),
                        new: BinaryPairs.app([LinkChanges.slice(rpaths: [loader, frameworks])]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("same rpaths, other libraries", old: BinaryPairs.app([LinkChanges.slice(rpaths: [frameworks])]),
                        new: BinaryPairs.app([LinkChanges.slice(load: ["/usr/lib/libz.1.dylib"], rpaths: [frameworks])])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        BinaryPairs.allPairs(context).compactMap { p in
            let changes = LinkChanges.rpaths(p.old, p.new)
            guard !changes.isEmpty else { return nil }
            return Finding(ruleID: .rpathsChanged, severity: context.severity(of: .rpathsChanged), bundle: p.name,
                           message: "\(p.path.nameString) rpaths changed: \(changes.joined(separator: "; "))",
                           paths: [p.path], subject: "\(p.path)|\(changes.joined(separator: "|"))")
        }
    }
}
