import ArgumentParser
import BundleDiffKit
import Rules

extension Severity: ExpressibleByArgument {}

/// `--config`, `--fail-on`, `--only-new`: shared by `diff`, `gate` and `check`.
struct JudgmentOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The configuration file (default: ./.bundlediff.yml when present).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Exit 1 when a finding is at or above this severity (default: error).",
                               valueName: "error|warning|info"))
    var failOn: Severity?

    @Flag(help: "Count only findings that are new in this build (not already in the old one).")
    var onlyNew = false

    @Option(help: ArgumentHelp("Write every current finding's fingerprint to this baseline file "
                               + "(name it in the configuration's `baseline:` to accept them).", valueName: "file"))
    var writeBaseline: String?

    /// Writes the baseline file when asked.
    func writeBaselineIfAsked(_ findings: [Finding]) throws {
        if let writeBaseline { try BaselineFile.write(findings, to: writeBaseline) }
    }

    /// The configuration file (`--config`, else `./.bundlediff.yml` when present).
    func configurationFile() throws -> ConfigurationFile {
        try ConfigurationFile.load(explicit: config)
    }

    /// The comparison settings: the configuration file, with the command line winning.
    func compareBuilds() throws -> CompareBuilds {
        compareBuilds(try configurationFile())
    }

    /// The comparison settings from `file`, with the command line winning.
    func compareBuilds(_ file: ConfigurationFile) -> CompareBuilds {
        CompareBuilds(configuration: file.rules, failOn: failOn ?? file.failOn ?? .error,
                             onlyNew: onlyNew || (file.onlyNew ?? false))
    }
}
