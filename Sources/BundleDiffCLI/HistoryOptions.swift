import ArgumentParser
import BundleDiffKit

/// `--repo`, shared by every command that reads or writes the history.
struct HistoryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The history repository (a bare git repository).",
        discussion: "Default: $BUNDLEDIFF_REPO, else ./.bundlediff in the working directory.",
        valueName: "path"))
    var repo: String?
}

/// `--format text|json`.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension HistoryOptions {
    /// The history path: `--repo`, else `$BUNDLEDIFF_REPO`, else `./.bundlediff`; an
    /// empty `--repo` is an error.
    func location(_ console: Console) throws(UserFacingError) -> String {
        try HistoryLocation.resolve(option: repo, environment: console.environment)
    }
}
