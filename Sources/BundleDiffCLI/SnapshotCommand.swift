import Reporters
import ArgumentParser
import BundleDiffKit
import SnapshotStore
import TextSafety

/// `bundlediff snapshot <build>`: records one build as a commit in the history.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Record a build (.app, .ipa, .xcarchive, .framework, .xcframework, .appex, zipped bundle) in the history.",
        discussion: """
            Reads the whole build first: a bad build writes nothing. The build lands as one \
            commit on refs/heads/<bundle-id>/<channel>, tagged <bundle-id>@<version>+<build>. \
            Recording the build that the channel's tip already holds adds nothing unless \
            --allow-duplicate is given.
            """)

    @Argument(help: ArgumentHelp("The build to record.", valueName: "build"))
    var build: String

    @OptionGroup var history: HistoryOptions

    @Option(help: ArgumentHelp("The history line for this app.", valueName: "name"))
    var channel = "main"

    @Option(help: ArgumentHelp("A free-form label kept with the build (a CI job, a branch).", valueName: "text"))
    var label: String?

    @Option(name: .customLong("tag"), help: ArgumentHelp("An extra tag for this build (repeatable).", valueName: "name"))
    var tags: [String] = []

    @Option(help: ArgumentHelp("The recording time, ISO-8601 (default: now); makes re-recordings reproducible.",
                               valueName: "time"))
    var recordedAt: String?

    @Flag(help: "Record a new commit even when the channel's tip holds the same build.")
    var allowDuplicate = false

    @Option(help: ArgumentHelp("Then push the build to this remote (a path or URL, as for sync).",
                               valueName: "remote"))
    var push: String?

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    func validate() throws {
        if let recordedAt, Timestamp.parse(recordedAt) == nil {
            throw ValidationError("--recorded-at \(VisibleText.quoted(recordedAt)) is not an ISO-8601 time such as 2026-11-01T09:00:00Z")
        }
        if let problem = recordOptions(at: 0).problem { throw ValidationError(problem) }
    }

    private func recordOptions(at time: Int64) -> RecordOptions {
        RecordOptions(channel: channel, label: label, userTags: tags, recordedAt: time, toolVersion: ToolInfo.version,
                      allowDuplicate: allowDuplicate)
    }

    func run() throws {
        let console = Console.current
        let options = recordOptions(at: recordedAt.flatMap(Timestamp.parse) ?? Timestamp.now())
        let repo = try history.location(console)
        // Checked before recording: a bad remote records nothing. (Not `push.map` with a
        // typed-throws closure: that handed back a RemoteSync with a garbage time-out.)
        var remote: RemoteSync?
        if let push { remote = try RemoteSync(repositoryPath: repo, remote: push, environment: console.environment) }
        let bar = ProgressBar(console: console)
        let result: RecordResult
        do {
            defer { bar.finish() }
            result = try RecordBuild(buildPath: build, repositoryPath: repo, options: options).run(progress: bar.callback)
        }
        let push = remote.map { PushAfterRecord(remote: $0, result: result, tags: tags) }
        switch format {
        case .text:
            console.line(RecordBuild.describe(result).joined(separator: "\n"))
            try push?.run(console, format: format)
        case .json:
            // Pushed first, so the document names the commit the build has on the remote.
            var document = RecordedBuildJSON(result.build, alreadyRecorded: result.wasAlreadyRecorded)
            if let push { document.commit = try push.run(console, format: format) }
            console.write(try JSONOutput.encode(document))
        }
    }
}
