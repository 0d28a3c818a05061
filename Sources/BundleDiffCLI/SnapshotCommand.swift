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

            With --container, the input is an app's data container instead: a simulator data \
            container (Documents/, Library/, tmp/ and the container metadata plist that names \
            the app), an Xcode .xcappdata package, or a plain folder named with --app. It lands \
            on refs/heads/<bundle-id>/+container-<channel>, never on a build's line, with the \
            trailer Bundlediff-Kind: container; --label (before, after) and --tag name it, and \
            diff compares two of them (the migration report).
            """)

    @Argument(help: ArgumentHelp("The build to record (with --container: the data container).", valueName: "build"))
    var build: String

    @Flag(help: "Record an app's data container (simulator container, .xcappdata, or a folder with --app), not a build.")
    var container = false

    @Option(help: ArgumentHelp("With --container: the app's bundle identifier (required for a plain folder; "
                               + "must agree with the container's metadata).", valueName: "bundle-id"))
    var app: String?

    @Option(name: .customLong("build"),
            help: ArgumentHelp("With --container: the recorded app build the container belongs to (default: the "
                               + "newest build of the app recorded on the channel).", valueName: "build-ref"))
    var appBuild: String?

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
        if !container, app != nil { throw ValidationError("--app is only for --container (a build names its own app)") }
        if !container, appBuild != nil { throw ValidationError("--build is only for --container") }
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
            let input = container ? RecordBuild.ContainerInput(app: app, build: appBuild) : nil
            result = try RecordBuild(buildPath: build, repositoryPath: repo, options: options, container: input)
                .run(progress: bar.callback)
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
