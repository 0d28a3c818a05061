import ArgumentParser
import BundleDiffKit

/// The `bundlediff` command: records builds of Apple bundles into a git history and
/// compares them.
public struct BundleDiffCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bundlediff",
        abstract: "Record builds of Apple app bundles into a git history and compare them.",
        version: ToolInfo.version,
        subcommands: [SnapshotCommand.self, LogCommand.self, ShowCommand.self, DiffCommand.self, GateCommand.self, CheckCommand.self,
                      RulesCommand.self, HistoryCommand.self, SyncCommand.self]
    )

    public init() {}
}
