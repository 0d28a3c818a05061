import BundleModel
import Git

extension HistoryStore {
    /// The history line of one app on one channel, oldest build first, for history
    /// queries. `app` nil picks the only recorded app (an error when there are several);
    /// an unknown app or channel is `notFound`, naming what is recorded.
    public func timeline(app: String?, channel: String) throws(StoreError) -> HistoryTimeline {
        try serialized { () throws(StoreError) in
            let recorded = try appsAlone()
            let name: String
            if let app {
                guard recorded.contains(where: { $0.app == app }) else {
                    throw StoreError(.notFound, repository: path, "no builds recorded for \(app)"
                                     + (recorded.isEmpty ? "" : " (recorded apps: \(recorded.map(\.app).joined(separator: ", ")))"))
                }
                name = app
            } else {
                switch recorded.count {
                case 0: throw StoreError(.notFound, repository: path, "no builds recorded yet")
                case 1: name = recorded[0].app
                default:
                    throw StoreError(.ambiguous, repository: path, "several apps are recorded "
                                     + "(\(recorded.map(\.app).joined(separator: ", "))); name one with --app")
                }
            }
            let channels = recorded.first { $0.app == name }?.channels ?? []
            guard channels.contains(channel) else {
                throw StoreError(.notFound, repository: path, "no builds of \(name) recorded on channel \(channel) "
                                 + "(channels: \(channels.joined(separator: ", ")))")
            }
            let builds = try line(RefNames.branch(app: name, channel: channel))
            return HistoryTimeline(store: self, app: name, channel: channel, builds: builds)
        }
    }

    /// The first-parent line of a branch, oldest first (non-bundlediff commits skipped).
    /// The tags are listed on another thread while this one walks the commits, and a long
    /// line's commit messages are parsed in two halves at once.
    private func line(_ branch: String) throws(StoreError) -> [TimelineBuild] {
        let path = self.path
        let (walked, listing) = BothCores.run({ () throws(StoreError) in try firstParentLine(of: branch) }, alongside: {
            () throws(StoreError) -> [(name: String, target: ObjectID)] in
            let other = try HistoryStore.open(at: path, create: false)
            return try other.git { () throws(GitError) in try other.repository.references(matching: RefNames.tagsPrefix + "*") }
        })
        let line = Array(try walked.get().reversed())
        // Should the other handle fail, the tags are listed here instead.
        let listed = try? listing.get()
        return Self.timelineBuilds(line, tags: try tagsByCommit(among: Set(line.map(\.id)), listed: listed))
    }

    /// The builds of a line of commits (oldest first), their messages parsed in two halves
    /// at once from `splittingFrom` commits on.
    static func timelineBuilds(_ line: [Commit], tags: [ObjectID: [String]], splittingFrom threshold: Int = 1000)
        -> [TimelineBuild] {
        guard line.count >= threshold else { return builds(line[...], tags: tags) }
        let middle = line.count / 2
        let tail = line[middle...]
        let (head, rest) = BothCores.run({ builds(line[..<middle], tags: tags) }, alongside: { builds(tail, tags: tags) })
        return head + rest
    }

    private static func builds(_ part: ArraySlice<Commit>, tags: [ObjectID: [String]]) -> [TimelineBuild] {
        part.compactMap { commit in build(from: commit, tags: tags).map { TimelineBuild(build: $0, tree: commit.tree) } }
    }
}
