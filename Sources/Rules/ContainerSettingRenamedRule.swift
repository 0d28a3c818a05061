import BundleModel
import Comparison
import PropertyLists

/// A setting whose value moved to a new key: a migration the code performs.
public struct ContainerSettingRenamedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .containerSettingRenamed, name: "Setting renamed (migrated to a new key)", defaultSeverity: .info,
        rationale: "A key gone from the defaults (Library/Preferences/) whose exact value now sits under one new key "
            + "was migrated by the new code: every user upgrading from any older version needs that migration, and "
            + "it must run before the new key is first read. A fact to check, not a loss.",
        triggeringExamples: [
            RuleExample("units → unitSystem",
                        old: ContainerExamples.container([:], defaults: [("units", .string("metric")), ("k", .integer(PlistInteger(3)))]),
                        new: ContainerExamples.container([:], defaults: [("unitSystem", .string("metric")), ("k", .integer(PlistInteger(3)))]),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("removed, another value added",
                        old: ContainerExamples.container([:], defaults: [("units", .string("metric"))]),
                        new: ContainerExamples.container([:], defaults: [("unitSystem", .string("imperial"))])),
            RuleExample("two Booleans swapped for two others",
                        old: ContainerExamples.container([:], defaults: [("a", .boolean(true)), ("b", .boolean(false))]),
                        new: ContainerExamples.container([:], defaults: [("c", .boolean(true)), ("d", .boolean(false))])),
        ])

    public func findings(in context: RuleContext) -> [Finding] {
        ContainerDefaults(context).renamed.map { r in
            Finding(ruleID: .containerSettingRenamed, severity: context.severity(of: .containerSettingRenamed), bundle: ContainerChanges.app(context),
                    message: "'\(r.oldKey)' became '\(r.newKey)' in \(r.path) (value "
                        + "\(ContainerDefaults.shown(r.oldKey + " " + r.newKey, r.value)) kept): a migration the new version must run for every upgrading user",
                    paths: [r.path], subject: "\(r.path)|\(r.oldKey)->\(r.newKey)")
        }
    }
}
