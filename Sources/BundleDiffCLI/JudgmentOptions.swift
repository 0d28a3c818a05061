import ArgumentParser
import BundleDiffKit
import BundleModel
import FoundationEssentials
import Reporters
import Rules

extension Severity: ExpressibleByArgument {}

/// `--config`, `--fail-on`, `--only-new`: shared by `diff`, `gate` and `check`.
struct JudgmentOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The configuration file (default: .bundlediff.yml in the working directory or the "
                               + "nearest folder above it, up to the git work tree's root; one found above is named on standard error).",
                               valueName: "file"))
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

    /// The configuration file: `--config`, else `.bundlediff.yml` found from the working
    /// directory up to the git work tree's root. One found in a folder above the working
    /// directory is named on standard error (unless `quiet`), so a setting never applies unseen.
    func configurationFile(_ console: Console, quiet: Bool = false) throws -> ConfigurationFile {
        guard config == nil else { return try ConfigurationFile.load(explicit: config, found: nil) }
        let found = ConfigurationFile.discover(from: FileManager.default.currentDirectoryPath)
        if let found, found != ConfigurationFile.defaultName, !quiet {
            console.error("bundlediff: note: using the configuration in \(found)")
        }
        return try ConfigurationFile.load(explicit: nil, found: found)
    }

    /// The comparison settings: the configuration file, with the command line winning.
    func compareBuilds(_ console: Console, quiet: Bool = false) throws -> CompareBuilds {
        compareBuilds(try configurationFile(console, quiet: quiet))
    }

    /// The comparison settings from `file`, with the command line winning.
    func compareBuilds(_ file: ConfigurationFile) -> CompareBuilds {
        CompareBuilds(configuration: file.rules, failOn: failOn ?? file.failOn ?? .error,
                             onlyNew: onlyNew || (file.onlyNew ?? false))
    }

    /// The end of `diff`, `gate` and `check`: stamps the measured time on `result`, writes its
    /// report (and `--report` files) and the `--write-baseline` file, then exits 1 when it fails.
    func conclude(_ result: DiffReport, started: ContinuousClock.Instant, report: ReportOptions, console: Console) throws {
        var result = result
        result.elapsed = ReportOptions.elapsed(since: started, console)
        try report.emit(result, console: console)
        try writeBaselineIfAsked(result.findings)
        KeptUntilExit.keep(result)
        if result.exitStatus != 0 { throw CommandExit(code: result.exitStatus) }
    }
}
