import BundleModel
import Rules
import SnapshotStore

/// Opens the history repository for a command, with one user-facing line on failure.
public enum History {
    /// Opens the history at `path` (see `HistoryLocation`); `create` makes a new bare
    /// repository when the path does not exist yet.
    public static func open(_ path: String, create: Bool) throws(UserFacingError) -> HistoryStore {
        do { return try HistoryStore.open(at: path, create: create) } catch { throw UserFacingError(error.description) }
    }

    /// Runs a store operation, converting its error into a user-facing one.
    static func run<T>(_ body: () throws(StoreError) -> T) throws(UserFacingError) -> T {
        do { return try body() } catch { throw UserFacingError(error.description) }
    }
}

extension History {
    /// Recorded builds, newest first (see `HistoryStore.builds`).
    /// `kind` picks builds (the default), data containers, or both (nil).
    public static func builds(_ store: HistoryStore, app: String?, channel: String?,
                              kind: RecordedBuild.Kind? = .build) throws(UserFacingError) -> [RecordedBuild] {
        try run { () throws(StoreError) in try store.builds(app: app, channel: channel, kind: kind) }
    }

    /// Resolves a snapshot reference and loads the recorded build.
    public static func load(_ store: HistoryStore, reference: String, app: String?, channel: String?)
        throws(UserFacingError) -> (RecordedBuild, BuildSnapshot) {
        let build = try run { () throws(StoreError) in try store.resolve(reference, app: app, channel: channel) }
        return (build, try run { () throws(StoreError) in try store.snapshot(of: build) })
    }

    /// Two recorded builds resolved, then loaded one after the other: `new` copies every
    /// folder it shares with `old` from `old`'s read (`HistoryStore.snapshot(of:)`), so it
    /// costs what changed. Each read loads its files and its property lists on both cores.
    /// Nothing of the second read is kept: no third read follows. When the second build is
    /// in the derived cache, the first keeps no object ids, and the second names the first
    /// one's entries for the folders they share (`EntryList`) instead of copying them.
    public static func loadPair(_ store: HistoryStore, old: String, new: String, app: String?, channel: String?)
        throws(UserFacingError) -> (old: (RecordedBuild, BuildSnapshot, PreparedBuild), new: (RecordedBuild, BuildSnapshot)) {
        let oldBuild = try run { () throws(StoreError) in try store.resolve(old, app: app, channel: channel) }
        let newBuild = try run { () throws(StoreError) in try store.resolve(new, app: app, channel: channel) }
        let oldSnapshot = try run { () throws(StoreError) in try store.snapshot(of: oldBuild, before: newBuild) }
        // The old build is indexed, and its string tables flattened, on the other core while
        // this one loads the new build's files (and after: the comparison waits for it).
        let prepared = PreparedBuild(oldSnapshot)
        let newSnapshot = try run { () throws(StoreError) in
            try store.snapshot(of: newBuild, isLast: true, besides: prepared.job())
        }
        return ((oldBuild, oldSnapshot, prepared), (newBuild, newSnapshot))
    }
}
