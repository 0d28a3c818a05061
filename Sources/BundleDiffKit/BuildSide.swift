import BundleModel
import FoundationEssentials
import Reporters
import Rules
import SnapshotStore

/// One side of a comparison: a build read from disk or a recorded snapshot.
public struct BuildSide: Sendable {
    /// What the user typed.
    public var reference: String
    public var snapshot: BuildSnapshot
    /// The recorded build, when the side came from the history.
    public var recorded: RecordedBuild?
    /// The build indexed ahead, when it is the old side of a recorded pair (`History.loadPair`).
    var prepared: PreparedBuild?

    /// Resolves `reference`: an existing path on disk is read as a build; anything else is
    /// looked up in the history (`store`), narrowed to `app` and `channel` when given. When
    /// that fails too and the reference looks like a path (a `/` or a bundle extension),
    /// the error is about the missing file, not the history. `progress` sees the bytes of a
    /// build on disk hashed so far and their total.
    ///
    /// A folder on disk with a data container's own marks (see `ContainerReader`) is read
    /// as a container; with `containers` set, every folder is (a plain one for `app`).
    public static func resolve(_ reference: String, store: () throws(UserFacingError) -> HistoryStore,
                               app: String?, channel: String?, containers: Bool = false,
                               progress: (@Sendable (_ done: UInt64, _ total: UInt64) -> Void)? = nil)
        throws(UserFacingError) -> BuildSide {
        if FileManager.default.fileExists(atPath: reference) {
            let snapshot = try BuildLoader.readAny(reference, asContainer: containers, app: app, progress: progress)
            return BuildSide(reference: reference, snapshot: snapshot, recorded: nil)
        }
        do {
            let (build, snapshot) = try History.load(try store(), reference: reference, app: app, channel: channel)
            return BuildSide(reference: reference, snapshot: snapshot, recorded: build)
        } catch {
            guard looksLikePath(reference) else { throw error }
            let snapshot = try BuildLoader.readAny(reference, asContainer: containers, app: app, progress: progress)
            return BuildSide(reference: reference, snapshot: snapshot, recorded: nil)
        }
    }

    /// Both sides of a comparison. When neither reference is a path on disk and both name
    /// recorded builds, the two are loaded together (`History.loadPair`); otherwise each
    /// side is resolved in turn by `resolveOne` (which reads builds on disk with progress,
    /// and words the errors).
    public static func resolvePair(_ old: String, _ new: String, store: () throws(UserFacingError) -> HistoryStore,
                                   app: String?, channel: String?, containers: Bool,
                                   resolveOne: (String) throws -> BuildSide) throws -> (old: BuildSide, new: BuildSide) {
        let onDisk = containers || [old, new].contains { FileManager.default.fileExists(atPath: $0) }
        if !onDisk, let history = try? store(),
           let pair = try? History.loadPair(history, old: old, new: new, app: app, channel: channel) {
            return (BuildSide(reference: old, snapshot: pair.old.1, recorded: pair.old.0, prepared: pair.old.2),
                    BuildSide(reference: new, snapshot: pair.new.1, recorded: pair.new.0))
        }
        return (try resolveOne(old), try resolveOne(new))
    }

    /// Whether this side is an app's data container rather than a build.
    public var isContainer: Bool { snapshot.isContainer || recorded?.isContainer == true }

    /// For a data container, the app build it belongs to (`1.2 (45)`): the one its
    /// recording names, else the app bundle inside the container (when the input holds
    /// one); nil for builds and when unknown.
    public var appBuild: String? {
        guard isContainer else { return nil }
        if let r = recorded, r.shortVersion != nil || r.build != nil {
            return "\(r.shortVersion ?? "-") (\(r.build ?? "-"))"
        }
        guard let main = snapshot.mainBundle, main.shortVersion != nil || main.version != nil else { return nil }
        return "\(main.shortVersion ?? "-") (\(main.version ?? "-"))"
    }

    /// How reports name this side.
    var reportSide: DiffReport.Side {
        DiffReport.Side(reference: reference, commit: recorded?.commit, appBuild: appBuild)
    }

    private static func looksLikePath(_ reference: String) -> Bool {
        let extensions = [".app", ".ipa", ".zip", ".xcarchive", ".framework", ".xcframework", ".appex", ".bundle", ".xctest", ".xpc", ".xcappdata"]
        return reference.utf8.contains(UInt8(ascii: "/")) || extensions.contains { reference.lowercased().hasSuffix($0) }
    }
}
