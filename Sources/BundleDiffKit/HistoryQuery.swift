import BundleModel
import Reporters
import SnapshotStore

/// `bundlediff history`: questions about one app's channel over time. Each query walks
/// the channel's first-parent line once, oldest build first, and reads only what it needs.
public struct HistoryQuery {
    public enum Question: Sendable, Equatable {
        /// The builds: versions, dates, labels, files and bytes.
        case builds
        /// One key's value across builds, in the main Info.plist, another bundle's
        /// Info.plist (`bundle`: identifier or path), any recorded plist (`file`) or the
        /// string tables of a language (`language`, of the main bundle or `bundle`).
        case key(String, bundle: String?, file: String?, language: String?)
        /// One path's history: appeared, changed, moved, vanished.
        case path(String)
        /// The whole build's size and each bundle's, per build.
        case size
        /// Localization completeness per language of one bundle (the main one by
        /// default), against a reference language.
        case languages(bundle: String?, reference: String?)
    }

    let timeline: HistoryTimeline
    let builds: [TimelineBuild]
    /// From how many builds to read a query reads on both cores (`onBothCores`).
    var bothCoresThreshold = Self.defaultBothCoresThreshold

    /// Opens the app's channel and applies the filter.
    public init(store: HistoryStore, app: String?, channel: String, filter: BuildFilter) throws(UserFacingError) {
        timeline = try History.run { () throws(StoreError) in try store.timeline(app: app, channel: channel) }
        builds = timeline.builds.filter { filter.admits($0.build) }
    }

    /// Leaves the timeline's memo tables to the process's exit (`HistoryTimeline.leaveMemoToExit`),
    /// for a command that exits after its answer.
    public func leaveMemoToExit() { timeline.leaveMemoToExit() }

    public func answer(_ question: Question) throws(UserFacingError) -> HistoryTable {
        let table = try table(answering: question)
        timeline.saveCaches()
        return table
    }

    /// `answer`, then `use` of the table (rendering it, say) on this thread while the
    /// derived caches are written on the other core.
    public func answer<Result>(_ question: Question, then use: (HistoryTable) throws -> Result) throws -> Result {
        let table = try table(answering: question)
        let saving = SendableBox(timeline)
        let (result, _) = BothCores.run({ Swift.Result { try use(table) } }, alongside: { saving.value.saveCaches() })
        return try result.get()
    }

    private func table(answering question: Question) throws(UserFacingError) -> HistoryTable {
        var table: HistoryTable
        switch question {
        case .builds: table = buildList()
        case .key(let key, let bundle, let file, let language):
            table = try keyHistory(key, source: KeySource(bundle: bundle, file: file, language: language))
        case .path(let path): table = try pathHistory(path)
        case .size: table = try sizeHistory()
        case .languages(let bundle, let reference): table = try languageHistory(bundle: bundle, reference: reference)
        }
        if builds.isEmpty {
            table.notes.insert(timeline.builds.isEmpty ? "no builds recorded" : "no recorded build matches the filter", at: 0)
        }
        return table
    }

    /// Columns naming a build: commit, recording time, version, build number.
    static let buildColumns: [HistoryTable.Column] = [
        .init("commit", "commit"), .init("recordedAt", "recorded"), .init("version", "version"), .init("build", "build"),
    ]

    static func buildCells(_ b: TimelineBuild) -> [HistoryTable.Cell] {
        [.text(b.build.shortCommit), .text(Timestamp.format(b.build.recordedAt)),
         b.build.shortVersion.map { .text($0) } ?? .none, b.build.build.map { .text($0) } ?? .none]
    }

    func table(_ query: String, _ title: String, _ columns: [HistoryTable.Column]) -> HistoryTable {
        HistoryTable(query: query, title: title, app: timeline.app, channel: timeline.channel,
                     columns: Self.buildColumns + columns)
    }

    /// Runs a store read, converting its error into a user-facing one.
    func read<T>(_ body: () throws(StoreError) -> T) throws(UserFacingError) -> T {
        try History.run(body)
    }
}
