import ArgumentParser

/// The `bundlediff` command: records builds of Apple bundles into a git history and
/// compares them.
public struct BundleDiffCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bundlediff",
        abstract: "Record builds of Apple app bundles into a git history and compare them.",
        subcommands: []
    )

    public init() {}
}
