import BundleModel
import Foundation
import SnapshotStore

/// One side of a comparison: a build read from disk or a recorded snapshot.
public struct BuildSide: Sendable {
    /// What the user typed.
    public var reference: String
    public var snapshot: BuildSnapshot
    /// The recorded build, when the side came from the history.
    public var recorded: RecordedBuild?

    /// Resolves `reference`: an existing path on disk is read as a build; anything else is
    /// looked up in the history (`store`), narrowed to `app` and `channel` when given.
    public static func resolve(_ reference: String, store: () throws(UserFacingError) -> HistoryStore,
                               app: String?, channel: String?) throws(UserFacingError) -> BuildSide {
        if FileManager.default.fileExists(atPath: reference) || reference.contains("/") {
            return BuildSide(reference: reference, snapshot: try BuildLoader.read(reference), recorded: nil)
        }
        let history = try store()
        let build = try History.run { () throws(StoreError) in
            try history.resolve(reference, app: app, channel: channel)
        }
        let snapshot = try History.run { () throws(StoreError) in try history.snapshot(of: build) }
        return BuildSide(reference: reference, snapshot: snapshot, recorded: build)
    }
}
