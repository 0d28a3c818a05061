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
    private func line(_ branch: String) throws(StoreError) -> [TimelineBuild] {
        let line = try firstParentLine(of: branch)
        let tags = try tagsByCommit(among: Set(line.map(\.id)))
        return line.reversed().compactMap { commit in
            Self.build(from: commit, tags: tags).map { TimelineBuild(build: $0, tree: commit.tree) }
        }
    }
}
