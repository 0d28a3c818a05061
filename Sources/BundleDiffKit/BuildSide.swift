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
    /// looked up in the history (`store`), narrowed to `app` and `channel` when given. When
    /// that fails too and the reference looks like a path (a `/` or a bundle extension),
    /// the error is about the missing file, not the history.
    public static func resolve(_ reference: String, store: () throws(UserFacingError) -> HistoryStore,
                               app: String?, channel: String?) throws(UserFacingError) -> BuildSide {
        if FileManager.default.fileExists(atPath: reference) {
            return BuildSide(reference: reference, snapshot: try BuildLoader.read(reference), recorded: nil)
        }
        do {
            let (build, snapshot) = try History.load(try store(), reference: reference, app: app, channel: channel)
            return BuildSide(reference: reference, snapshot: snapshot, recorded: build)
        } catch {
            guard looksLikePath(reference) else { throw error }
            return BuildSide(reference: reference, snapshot: try BuildLoader.read(reference), recorded: nil)
        }
    }

    private static func looksLikePath(_ reference: String) -> Bool {
        let extensions = [".app", ".ipa", ".zip", ".xcarchive", ".framework", ".xcframework", ".appex", ".bundle", ".xctest", ".xpc"]
        return reference.contains("/") || extensions.contains { reference.lowercased().hasSuffix($0) }
    }
}
