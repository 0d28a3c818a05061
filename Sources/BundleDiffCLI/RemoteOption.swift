import ArgumentParser
import BundleDiffKit
import SnapshotStore

/// `--remote`: fetch a shared history before comparing with it.
struct RemoteOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Fetch the history from this remote first (a path or URL, as for sync).",
        discussion: "Compares with the builds every runner pushed; pushes nothing.",
        valueName: "remote"))
    var remote: String?

    /// Fetches into the history at `path` when --remote was given; notes go to standard error.
    func fetchIfAsked(into path: String, console: Console) throws {
        guard let remote else { return }
        let sync = try RemoteSync(repositoryPath: path, remote: remote, environment: console.environment)
        let result = try sync.run(scope: SyncScope(), push: false, create: true)
        let (lines, warnings) = sync.describe(result, pushed: false)
        if let first = lines.first { console.error(first) }
        warnings.forEach { console.error("bundlediff: warning: \($0)") }
    }
}
