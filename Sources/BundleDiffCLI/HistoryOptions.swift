import ArgumentParser

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
