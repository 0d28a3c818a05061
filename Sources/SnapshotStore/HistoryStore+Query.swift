import BundleModel
import Git
import TextSafety

extension HistoryStore {
    /// Every app with recorded builds, with its channels, sorted (data containers' lines left out).
    public func apps() throws(StoreError) -> [(app: String, channels: [String])] {
        try serialized { () throws(StoreError) in try appsAlone() }
    }

    /// `kind` keeps the lines of builds (the default: channels as users name them) or of
    /// data containers; nil keeps both (container lines as their branches name them,
    /// `+container-<channel>`).
    func appsAlone(kind: RecordedBuild.Kind? = .build) throws(StoreError) -> [(app: String, channels: [String])] {
        let refs = try git { () throws(GitError) in try repository.references(matching: RefNames.headsPrefix + "*") }
        var channels: [String: [String]] = [:]
        for ref in refs {
            guard let (app, channel) = RefNames.parseBranch(ref.name) else { continue }
            guard kind == nil || RefNames.line(channel).kind == kind else { continue }
            channels[app, default: []].append(channel)
        }
        return channels.keys.sorted().map { ($0, channels[$0, default: []].sorted()) }
    }

    /// Recorded builds, newest first. `app` nil means every app, `channel` nil every
    /// channel; across several channels builds are ordered by recording time.
    /// `kind` picks builds (the default) or data containers; nil lists both.
    public func builds(app: String?, channel: String?,
                       kind: RecordedBuild.Kind? = .build) throws(StoreError) -> [RecordedBuild] {
        try serialized { () throws(StoreError) in try buildsAlone(app: app, channel: channel, kind: kind) }
    }

    func buildsAlone(app: String?, channel: String?,
                     kind: RecordedBuild.Kind? = .build) throws(StoreError) -> [RecordedBuild] {
        var commits: [[Commit]] = []
        for (name, channels) in try appsAlone(kind: nil) where app == nil || app == name {
            for c in channels {
                let line = RefNames.line(c)
                guard kind == nil || kind == line.kind, channel == nil || channel == line.channel else { continue }
                commits.append(try firstParentLine(of: RefNames.branch(app: name, channel: c)))
            }
        }
        let tags = try tagsByCommit(among: Set(commits.joined().map(\.id)))
        // The trailer decides, not the line: a commit is listed only under its own kind.
        let lines = commits.map { line in
            line.compactMap { Self.build(from: $0, tags: tags) }.filter { kind == nil || $0.kind == kind }
        }
        if lines.count == 1 { return lines[0] }
        let merged = lines.enumerated().flatMap { line in line.element.enumerated().map { (line.offset, $0.offset, $0.element) } }
        return merged.sorted { a, b in
            if a.2.recordedAt != b.2.recordedAt { return a.2.recordedAt > b.2.recordedAt }
            return (a.0, a.1) < (b.0, b.1)
        }.map(\.2)
    }

    /// Short tag names by the commit they name, for the commits in `commits` (annotated
    /// tags peeled; a tag on a tree or a blob names no build and is left out).
    ///
    /// A tag naming one of `commits` directly (every tag bundlediff writes) is matched
    /// by its id alone; only the others are read, to peel an annotated tag. So the cost
    /// is one reference listing, not one object read per tag of a long history.
    /// `listed` is the tag list when the caller has read it already (`line` reads it on
    /// another thread).
    func tagsByCommit(among commits: Set<ObjectID>, listed: [(name: String, target: ObjectID)]? = nil)
        throws(StoreError) -> [ObjectID: [String]] {
        try git { () throws(GitError) in
            var out: [ObjectID: [String]] = [:]
            let refs: [(name: String, target: ObjectID)]
            if let listed { refs = listed } else { refs = try repository.references(matching: RefNames.tagsPrefix + "*") }
            for ref in refs {
                let name = String(ref.name.dropFirst(RefNames.tagsPrefix.count))
                if commits.contains(ref.target) {
                    out[ref.target, default: []].append(name)
                    continue
                }
                // Only an annotated tag is read through; a missing target is left for the
                // walk that needs it to report, not failed here for every command.
                guard try repository.objectKind(ref.target) == .tag,
                      let peeled = try? repository.peeledCommit(ref.target), commits.contains(peeled) else { continue }
                out[peeled, default: []].append(name)
            }
            return out
        }
    }

    static func build(from commit: Commit, tags: [ObjectID: [String]]) -> RecordedBuild? {
        guard let m = CommitMessage.parse(commit.message, commitTime: commit.committer.time) else { return nil }
        return RecordedBuild(commit: commit.id.hex, bundleId: m.bundleId, channel: m.channel,
                             shortVersion: m.shortVersion, build: m.build, platform: m.platform, source: m.source,
                             label: m.label, recordedAt: m.recordedAt, toolVersion: m.toolVersion, files: m.files,
                             bytes: m.bytes, tags: (tags[commit.id] ?? []).sorted(), kind: m.kind)
    }

    /// The recorded build of a commit; `notFound` when it is not a bundlediff commit.
    /// `tags` are the short names of every tag naming it, when the caller knows them
    /// (a commit just created); otherwise they are looked up.
    func recordedBuild(commit id: ObjectID, tags known: [String]? = nil) throws(StoreError) -> RecordedBuild {
        let commit = try git { () throws(GitError) in try repository.commit(id) }
        let tags: [ObjectID: [String]]
        if let known { tags = [id: known] } else { tags = try tagsByCommit(among: [id]) }
        guard let build = Self.build(from: commit, tags: tags) else {
            throw StoreError(.notFound, repository: path, "commit \(id.prefix(10)) is not a recorded build")
        }
        return build
    }

    /// Rebuilds the recorded snapshot: entries, property lists and bundles, equal to
    /// what was recorded (directories implied by a path are explicit entries). Folders it
    /// shares with the snapshot read just before (same path, same tree) are copied from
    /// that read, not read again; the `files/` part of a build read before by any process
    /// is loaded from the derived-data cache (`<git dir>/bundlediff/cache/diff/`).
    /// `isLast`: the caller reads no other build after this one, so nothing of this read
    /// is kept for a next one (a build loaded from the cache does not even keep its object ids).
    /// `next`: the build the caller reads right after this one; when its files are in the
    /// cache, that read copies by folder and never needs this one's object ids, so a load
    /// from the cache keeps none. `besides`: the caller's work, run once: begun on the other
    /// core while this one loads the files from the cache, where it may outlast this call
    /// (`diff` prepares the old build there, and waits for it before it uses that core
    /// again), else run on this thread before this returns.
    public func snapshot(of build: RecordedBuild, isLast: Bool = false, before next: RecordedBuild? = nil,
                         besides: (@Sendable () -> Void)? = nil) throws(StoreError) -> BuildSnapshot {
        try serialized { () throws(StoreError) in
            let tree = try tree(of: build)
            let reader = SnapshotTreeReader(repository: repository, cache: snapshotCache)
            let nextLoads = try next.map { next throws(StoreError) in reader.filesAreCached(tree: try self.tree(of: next)) }
            do throws(SnapshotTreeReader.Corrupt) {
                let read = try reader.read(tree: tree, sourceName: build.source, after: lastRead, isLast: isLast,
                                           keepIDs: nextLoads == true ? false : nil, besides: besides)
                lastRead = isLast ? nil : read.memo
                var snapshot = read.snapshot
                snapshot.facts = RecordedFacts(cache: factsCache, tree: tree)
                return snapshot
            } catch {
                throw StoreError(.corrupt, repository: path, "commit \(build.commit.prefix(10)): \(error.message)")
            }
        }
    }

    /// Where the facts of `build` are kept (`BuildFacts`, as `snapshot(of:)` gives them):
    /// for a build just recorded, which whoever records it may fill in (`keepsDerivedData`).
    public func facts(ofRecorded build: RecordedBuild) throws(StoreError) -> any BuildFacts {
        let tree = try serialized { () throws(StoreError) -> ObjectID in try self.tree(of: build) }
        return RecordedFacts(cache: factsCache, tree: tree)
    }

    /// Whether this history's builds are read (its derived cache is in use): recording then
    /// keeps what a first read of the build would work out.
    public var keepsDerivedData: Bool { snapshotCache.exists }

    /// Where the `files/` and `plists/` parts of read and recorded builds are kept for the
    /// next process (`<git dir>/bundlediff/cache/diff/`).
    var snapshotCache: DerivedCache { DerivedCache(gitDirectory: repository.path, area: "diff", limit: 32) }

    /// Where what rules work out from a whole recorded build is kept (`RecordedFacts`,
    /// `<git dir>/bundlediff/cache/facts/`): a file a build for each kind of fact.
    var factsCache: DerivedCache { DerivedCache(gitDirectory: repository.path, area: "facts", limit: 64) }

    /// Waits for the cache files that reads of this process are still writing on the other
    /// core (`DerivedCache.writeLater`): call it before the process ends.
    public static func finishCacheWrites() { DerivedCache.finishWrites() }

    /// The root tree of `build`'s commit.
    private func tree(of build: RecordedBuild) throws(StoreError) -> ObjectID {
        guard let id = ObjectID(hex: build.commit) else {
            throw StoreError(.notFound, repository: path, "\(VisibleText.quoted(build.commit)) is not a commit id")
        }
        return try git { () throws(GitError) in try repository.commit(id).tree }
    }
}
