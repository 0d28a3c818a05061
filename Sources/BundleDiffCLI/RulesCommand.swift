import ArgumentParser
import Rules

/// `bundlediff rules`: every rule with its id, default severity and rationale.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "List the rules: id, default severity, which command runs them, App Store codes, what each checks and why.",
        discussion: "[gate] rules run in gate, [check] rules in check (and in diff on the new build), [container] rules "
            + "only in a diff of two data containers (the migration report); every other rule in a diff of two builds.")

    func run() throws {
        let console = Console.current
        for id in RuleID.allCases {
            let d = id.description
            var tags = "[\(d.defaultSeverity.rawValue)]"
            if RuleID.versionRules.contains(id) { tags += " [gate]" }
            if id.isCheck { tags += " [check]" }
            if RuleID.containerRules.contains(id) { tags += " [container]" }
            if !d.appStoreCodes.isEmpty { tags += " [" + d.appStoreCodes.joined(separator: ", ") + "]" }
            console.line("\(d.id.rawValue) \(tags): \(d.name)")
            console.line("    \(d.rationale)")
        }
    }
}
