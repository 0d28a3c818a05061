import BundleModel
import CodeSigning
import SnapshotStore
import TextSafety

/// `bundlediff snapshot`: reads a build and records it as one commit in the history.
public struct RecordBuild {
    public var buildPath: String
    public var repositoryPath: String
    public var options: RecordOptions
    /// Record an app's data container (`snapshot --container`), not a build.
    public var container: ContainerInput?

    /// What `snapshot --container` is told about the container.
    public struct ContainerInput: Sendable {
        /// The app's bundle identifier (`--app`); required for a plain folder.
        public var app: String?
        /// The app build the container belongs to (`--build`, any build reference); nil
        /// means the newest build of the app recorded so far, if any.
        public var build: String?

        public init(app: String?, build: String?) {
            self.app = app
            self.build = build
        }
    }

    public init(buildPath: String, repositoryPath: String, options: RecordOptions, container: ContainerInput? = nil) {
        self.buildPath = buildPath
        self.repositoryPath = repositoryPath
        self.options = options
        self.container = container
    }

    /// Reads the whole build first (nothing is written when it is bad), then records it.
    public func run(progress: (@Sendable (_ done: UInt64, _ total: UInt64) -> Void)? = nil)
        throws(UserFacingError) -> RecordResult {
        guard let container else {
            let snapshot = try BuildLoader.read(buildPath, progress: progress)
            let store = try History.open(repositoryPath, create: true)
            let recordOptions = options
            // In a history whose builds are read, the seals are evaluated on the other core
            // while the build is written, and kept for the first command that judges it
            // (evaluating a signed app's seals reads every file of the app).
            let keepsFacts = store.keepsDerivedData
            let (recorded, seals) = BothCores.run({ () throws(StoreError) in try store.record(snapshot, options: recordOptions) },
                                                  alongside: { () throws(StoreError) in
                                                      keepsFacts ? SealEvaluator.evaluationsToKeep(snapshot) : nil
                                                  })
            let result = try History.run { () throws(StoreError) in try recorded.get() }
            if case .success(let evaluations?) = seals, let facts = try? store.facts(ofRecorded: result.build) {
                SealEvaluator.keep(evaluations, in: facts)
            }
            return result
        }
        let snapshot = try BuildLoader.readContainer(buildPath, app: container.app, progress: progress)
        let store = try History.open(repositoryPath, create: true)
        var recordOptions = options
        recordOptions.appBuild = try appBuild(of: snapshot.container?.appIdentifier ?? "", given: container.build, in: store)
        let final = recordOptions
        return try History.run { () throws(StoreError) in try store.record(snapshot, options: final) }
    }

    /// The app build a container belongs to: the one `--build` names (it must be a build
    /// of that app), else the newest build of the app recorded on the channel, else none.
    private func appBuild(of app: String, given: String?, in store: HistoryStore) throws(UserFacingError) -> RecordedBuild? {
        guard let given else {
            return try History.run { () throws(StoreError) in
                try store.builds(app: app, channel: options.channel).first
            }
        }
        let build = try History.run { () throws(StoreError) in try store.resolve(given, app: app, channel: nil) }
        guard !build.isContainer else {
            throw UserFacingError("--build \(VisibleText.quoted(given)) names a data container, not a build")
        }
        guard build.bundleId == app else {
            throw UserFacingError("--build \(VisibleText.quoted(given)) is a build of \(VisibleText.quoted(build.bundleId)), "
                                  + "not of \(VisibleText.quoted(app)) whose container this is")
        }
        return build
    }

    /// The lines `snapshot` prints: app, version, build, files, bytes, commit, refs
    /// (hidden characters escaped).
    public static func describe(_ result: RecordResult) -> [String] {
        let b = result.build
        var lines = [
            (result.wasAlreadyRecorded ? "already recorded: " : "recorded: ")
                + (b.isContainer ? "data container of \(b.bundleId)" : "\(b.bundleId) \(b.shortVersion ?? "-") (\(b.build ?? "-"))"),
        ]
        if b.isContainer {
            lines.append("  app build: " + (b.shortVersion == nil && b.build == nil ? "unknown"
                                            : "\(b.shortVersion ?? "-") (\(b.build ?? "-"))"))
        } else {
            lines.append("  platform: \(b.platform ?? "unknown")")
        }
        lines += [
            "  source:   \(b.source)",
            "  files:    \(b.files)",
            "  bytes:    \(b.bytes)",
            "  commit:   \(b.commit)",
            "  ref:      \(result.ref)",
        ]
        if let label = b.label { lines.append("  label:    \(label)") }
        if !b.tags.isEmpty { lines.append("  tags:     \(b.tags.joined(separator: ", "))") }
        if result.versionTagCollided, let tag = result.versionTag {
            lines.append("  note: this version and build was recorded before with other content; tagged \(tag)")
        }
        if result.retries > 0 {
            lines.append("  note: moved the branch after \(result.retries) lost races (other recordings landed first)")
        }
        if result.wasAlreadyRecorded {
            lines.append("  note: the tip of \(b.channel) holds this exact build; use --allow-duplicate to record it again")
        }
        return VisibleText.escapeLines(lines)
    }
}
