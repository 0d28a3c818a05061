import ArgumentParser
import BundleDiffKit
import BundleModel
import Reporters
import SnapshotStore
import PropertyLists
import TextSafety

/// `bundlediff show <snapshot>`: what one recorded build holds, or one value in it.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a recorded build: bundles, versions, localizations, file counts, or one key's value.",
        discussion: """
            <snapshot> is a commit id or prefix, a tag, <bundle-id>@<version>, \
            <bundle-id>@<version>+<build>, latest, latest~N or previous.
            """)

    @Argument(help: ArgumentHelp("The recorded build.", valueName: "snapshot"))
    var snapshot: String

    @OptionGroup var history: HistoryOptions

    @Option(help: ArgumentHelp("Narrows latest/previous when several apps are recorded.", valueName: "bundle-id"))
    var app: String?

    @Option(help: ArgumentHelp("Narrows latest/previous to a channel.", valueName: "name"))
    var channel: String?

    @Option(help: ArgumentHelp("Print the value at this key path (e.g. NSExtension.NSExtensionPointIdentifier).",
                               valueName: "key.path"))
    var key: String?

    @Option(help: ArgumentHelp("With --key: the bundle whose Info.plist to read (identifier or path).",
                               valueName: "id-or-path"))
    var bundle: String?

    @Option(help: ArgumentHelp("With --key: a property list in the build (path), instead of an Info.plist.",
                               valueName: "path"))
    var file: String?

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    @Flag(help: ArgumentHelp("With --key: print a string value byte for byte, for scripts (control and bidi "
                             + "characters included); without it they show as escapes such as \\n and \\u{202e}."))
    var raw = false

    func validate() throws {
        if let channel, let problem = RecordOptions.channelProblem(channel) { throw ValidationError(problem) }
        if key == nil, bundle != nil || file != nil { throw ValidationError("--bundle and --file go with --key") }
        if bundle != nil, file != nil { throw ValidationError("give --bundle or --file, not both") }
        if raw, key == nil || format != .text { throw ValidationError("--raw goes with --key and text output") }
    }

    func run() throws {
        let console = Console.current
        let store = try History.open(try history.location(console), create: false)
        defer { KeptUntilExit.keep(store) }
        let (build, snap) = try History.load(store, reference: snapshot, app: app, channel: channel)
        guard let key else {
            let description = BuildDescription(build: build, snapshot: snap)
            console.write(format == .json ? try JSONOutput.encode(description) : description.text)
            return
        }
        let (path, plist) = try PlistLookup.document(in: snap, bundle: bundle, file: file)
        let value = try PlistLookup.value(key, in: plist, path: path)
        switch format {
        case .json: console.write(try JSONOutput.encode(PlistValueJSON(value)))
        case .text: console.write(raw ? PlistValueText.render(value) : PlistValueText.visible(value))
        }
    }
}
