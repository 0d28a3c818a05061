import BundleModel
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

    /// The baseline for `new` from the history in `store` (nil: no history exists).
    public static func fromHistory(_ store: HistoryStore?, new: BuildSide, channel: String)
        throws(UserFacingError) -> GateBaseline {
        let none = GateBaseline(side: BuildSide(reference: "(no recorded build)", snapshot: BuildLoader.nothing,
                                                recorded: nil), history: nil)
        guard let store, let app = new.snapshot.mainBundle?.identifier else { return none }
        var earlier = try History.run { () throws(StoreError) in try store.builds(app: app, channel: channel) }
        if let own = new.recorded, let at = earlier.firstIndex(where: { $0.commit == own.commit }) {
            earlier = Array(earlier[(at + 1)...])  // newest first: keep what was recorded before it
        }
        guard let highest = highestBuild(earlier) else { return none }
        let snapshot = try History.run { () throws(StoreError) in try store.snapshot(of: highest) }
        let reference = "\(app)@\(highest.shortVersion ?? "-")+\(highest.build ?? "-") (highest recorded on \(channel))"
        return GateBaseline(side: BuildSide(reference: reference, snapshot: snapshot, recorded: highest),
                            history: earlier.compactMap { b in
                                b.build.map { RecordedVersion(shortVersion: b.shortVersion, build: $0) }
                            })
    }

    /// The recorded build with the highest `CFBundleVersion` (well-formed ones win over
    /// malformed ones; ties go to the most recently recorded).
    static func highestBuild(_ builds: [RecordedBuild]) -> RecordedBuild? {
        var best: (RecordedBuild, VersionNumber?)?
        for b in builds {
            let v = b.build.flatMap { try? VersionNumber.parse($0).get() }
            guard let current = best else { best = (b, v); continue }
            switch (v, current.1) {
            case (let x?, let y?) where x > y: best = (b, v)
            case (.some, nil): best = (b, v)
            default: break
            }
        }
        return best?.0
    }
}
