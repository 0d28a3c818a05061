import ArgumentParser
import Rules

/// `bundlediff rules`: every rule with its id, default severity and rationale.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "List the rules: id, default severity, what each checks and why.")

    func run() throws {
        let console = Console.current
        for id in RuleID.allCases {
            let d = id.description
            console.line("\(d.id.rawValue) [\(d.defaultSeverity.rawValue)]\(RuleID.versionRules.contains(id) ? " [gate]" : ""): \(d.name)")
            console.line("    \(d.rationale)")
        }
    }
}
