import CLibgit2
import FoundationEssentials

extension Repository {
    /// The commit `id` names: itself, or what an annotated tag (or a chain of them) points
    /// at; nil when it ends at a tree or a blob. A missing object is damage (`.damaged`).
    public func peeledCommit(_ id: ObjectID) throws(GitError) -> ObjectID? {
        var current = id
        for _ in 0..<16 {
            switch try objectKind(current) {
            case nil: throw objectReadError(GIT_ENOTFOUND.rawValue, kind: "commit", id: current)
            case .commit: return current
            case .tag:
                guard let target = try tagTarget(current) else { return nil }
                current = target.id
            default: return nil
            }
        }
        return nil
    }

    /// The commits whose parents a shallow clone left out (`<git dir>/shallow`): a walk
    /// stops there instead of reporting the missing parents as damage.
    public func shallowBoundary() -> Set<ObjectID> {
        guard let text = try? String(contentsOfFile: path + "/shallow", encoding: .utf8) else { return [] }
        return Set(text.split(whereSeparator: \.isNewline).compactMap { ObjectID(hex: String($0)) })
    }
}
