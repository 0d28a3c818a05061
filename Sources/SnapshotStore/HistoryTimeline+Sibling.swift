extension HistoryTimeline {
    /// A timeline of the same builds over a repository handle of its own, with empty memo
    /// tables and no caches: what another thread reads a part of the builds with (libgit2
    /// allows one repository handle per thread, not one shared).
    public func sibling() throws(StoreError) -> HistoryTimeline {
        let own = try HistoryStore.open(at: store.path, create: false)
        return HistoryTimeline(store: own, app: app, channel: channel, builds: builds)
    }
}
