import BundleModel
import Reporters
import SnapshotStore

extension HistoryQuery {
    /// Where a vanished path went in `b`: a path new in `b` that holds the same content
    /// (`same` true; the one with the same file name first, else the first by path), else
    /// the only new path in `b` with the same file name and kind (`same` false: moved and
    /// changed). Nil when there is neither.
    func destination(of gone: StoredObject, at path: BundlePath, in b: TimelineBuild, since before: TimelineBuild)
        throws(UserFacingError) -> (target: (path: BundlePath, object: StoredObject), same: Bool)? {
        var sameContent: [(BundlePath, StoredObject)] = []
        var sameName: [(BundlePath, StoredObject)] = []
        _ = try read { () throws(StoreError) in
            try timeline.addedPaths(in: b, since: before) { candidate, object in
                if object == gone { sameContent.append((candidate, object)); return true }
                if object.kind == gone.kind, object.kind != .directory, candidate.name == path.name {
                    sameName.append((candidate, object))
                    return true
                }
                return false
            }
        }
        var fresh: [(BundlePath, StoredObject)] = []
        for hit in sameContent where try isAbsent(hit.0, in: before) { fresh.append(hit) }
        if let hit = fresh.first(where: { $0.0.name == path.name }) ?? fresh.first { return ((hit.0, hit.1), true) }
        var renamed: [(BundlePath, StoredObject)] = []
        for hit in sameName where try isAbsent(hit.0, in: before) { renamed.append(hit) }
        if renamed.count == 1 { return ((renamed[0].0, renamed[0].1), false) }
        return nil
    }

    /// Where a path that just appeared in `b` came from: `destination` run backwards (a
    /// path of the previous build, gone in `b`, with the same content, else the only one
    /// with the same file name). Nil for the first build or a new file.
    func origin(of object: StoredObject, at path: BundlePath, in b: TimelineBuild)
        throws(UserFacingError) -> (path: BundlePath, object: StoredObject, same: Bool)? {
        guard let index = builds.firstIndex(of: b), index > 0,
              let found = try destination(of: object, at: path, in: builds[index - 1], since: b) else { return nil }
        return (found.target.path, found.target.object, found.same)
    }

    private func isAbsent(_ path: BundlePath, in b: TimelineBuild) throws(UserFacingError) -> Bool {
        try read { () throws(StoreError) in try timeline.object(at: path, in: b, area: .files) } == nil
    }
}
