import TextSafety
import BundleModel
import Reporters
import Rules
import SnapshotStore

/// What `gate` compares a new build with: the `--against` build, else the highest build
/// recorded for the app and channel (never merely the latest recorded), plus every build
/// recorded before the new one, so the strict policy sees them all.
public struct GateBaseline: Sendable {
    public var side: BuildSide
    public var history: [RecordedVersion]?

    public init(side: BuildSide, history: [RecordedVersion]?) {
        self.side = side
        self.history = history
    }

    /// The baseline for `new` from the history in `store` (nil: nothing exists at
    /// `location`). The gate never passes without a baseline: a missing history, or one
    /// with no earlier build of the app and channel, is an error, unless the user declared
    /// `firstBuild` (`--first-build`, `first_build: true`), which then compares with nothing.
    public static func fromHistory(_ store: HistoryStore?, location: String, new: BuildSide, channel: String,
                                   firstBuild: Bool) throws(UserFacingError) -> GateBaseline {
        let declared = GateBaseline(side: BuildSide(reference: "(none: first build declared)",
                                                    snapshot: BuildLoader.nothing, recorded: nil), history: nil)
        let remedy = "record its builds with `bundlediff snapshot`, or declare a first build with --first-build"
        guard let store else {
            if firstBuild { return declared }
            throw UserFacingError("\(location): no history there, so the gate has nothing to compare with; " + remedy)
        }
        // The name `snapshot` records the app by (its identifier, else its folder's name), so
        // that a build without CFBundleIdentifier is gated against its own recordings.
        let app = HistoryStore.appIdentifier(of: new.snapshot)
        // A shallow clone holds the newest builds only: the highest may be among those left out.
        if try History.run({ () throws(StoreError) in try store.isCutShallow(app: app, channel: channel) }) {
            throw UserFacingError("\(location): a shallow clone, without the builds of \(VisibleText.escape(app)) on "
                                  + "channel \(channel) recorded before its cut, so the highest build recorded is unknown; "
                                  + "fetch the whole history (`git fetch --unshallow`) or gate with --remote")
        }
        var earlier = try History.run { () throws(StoreError) in try store.builds(app: app, channel: channel) }
        if let own = new.recorded, let at = earlier.firstIndex(where: { $0.commit == own.commit }) {
            earlier = Array(earlier[(at + 1)...])  // newest first: keep what was recorded before it
        }
        // One bundle id on several platforms (universal purchase): each platform's builds
        // number on their own, so only builds of the new build's platform are compared.
        let platform = new.snapshot.mainBundle?.platform
        let otherPlatforms = earlier.contains { $0.platform != nil && platform != nil && $0.platform != platform }
        if otherPlatforms { earlier.removeAll { $0.platform != nil && $0.platform != platform } }
        let which = otherPlatforms ? "\(platform ?? "") build" : "build"
        let scope = otherPlatforms ? "highest \(platform ?? "") build recorded" : "highest recorded"
        guard let highest = highestBuild(earlier) else {
            if firstBuild { return declared }
            throw UserFacingError("\(location): no \(which) of \(VisibleText.escape(app)) on channel \(channel) was recorded "
                                  + "before this one, so the gate has nothing to compare with; " + remedy)
        }
        // The gate reads no other build after its baseline.
        let snapshot = try History.run { () throws(StoreError) in try store.snapshot(of: highest, isLast: true) }
        // A build recorded without both versions has no `app@short+build` name: it is
        // named by its commit, which `show` and `diff` take.
        let short = highest.shortVersion ?? "", build = highest.build ?? ""
        let name = short.isEmpty || build.isEmpty
            ? "\(app) \(short.isEmpty ? "-" : short)+\(build.isEmpty ? "-" : build) at \(highest.commit.prefix(12))"
            : "\(app)@\(short)+\(build)"
        let reference = "\(name) (\(scope) on \(channel))"
        return GateBaseline(side: BuildSide(reference: reference, snapshot: snapshot, recorded: highest),
                            history: earlier.compactMap { b in
                                b.build.map { RecordedVersion(shortVersion: b.shortVersion, build: $0) }
                            })
    }

    /// The `--against` baseline, refused when it is a build of another app: the gate
    /// judges one app's versions, and a wrong path in a CI step must not pass it.
    public static func against(_ side: BuildSide, new: BuildSide) throws(UserFacingError) -> GateBaseline {
        if let theirs = side.snapshot.mainBundle?.identifier, let mine = new.snapshot.mainBundle?.identifier, theirs != mine {
            throw UserFacingError("--against \(VisibleText.escape(side.reference)) is a build of \(VisibleText.escape(theirs)) "
                                  + "and \(VisibleText.escape(new.reference)) of \(VisibleText.escape(mine)): the gate compares "
                                  + "two builds of one app; name a build of \(VisibleText.escape(mine))")
        }
        return GateBaseline(side: side, history: nil)
    }

    /// The recorded build with the highest `CFBundleVersion` (well-formed ones win over
    /// malformed ones; ties go to the most recently recorded, the first of `builds`).
    static func highestBuild(_ builds: [RecordedBuild]) -> RecordedBuild? {
        // Equal (or missing) build numbers are ordered by the marketing version, so a history
        // whose builds all lack CFBundleVersion still has a highest build.
        builds.max { a, b in
            let (ab, bb) = (a.build ?? "", b.build ?? "")
            if VersionNumber.textOrder(ab, bb) { return true }
            if VersionNumber.textOrder(bb, ab) { return false }
            return VersionNumber.textOrder(a.shortVersion ?? "", b.shortVersion ?? "")
        }
    }
}
