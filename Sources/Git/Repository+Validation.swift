import CLibgit2

/// The kind of a git object.
public enum ObjectKind: Sendable, Equatable, CustomStringConvertible {
    case commit, tree, blob, tag

    public var description: String {
        switch self {
        case .commit: "commit"
        case .tree: "tree"
        case .blob: "blob"
        case .tag: "tag"
        }
    }

    init?(_ type: git_object_t) {
        switch type {
        case GIT_OBJECT_COMMIT: self = .commit
        case GIT_OBJECT_TREE: self = .tree
        case GIT_OBJECT_BLOB: self = .blob
        case GIT_OBJECT_TAG: self = .tag
        default: return nil
        }
    }
}

extension Repository {
    /// The kind of object `id` is, or nil when the object database lacks it.
    public func objectKind(_ id: ObjectID) throws(GitError) -> ObjectKind? {
        var oid = id.oid
        return try withODB { odb in
            var size = 0
            var type = GIT_OBJECT_INVALID
            guard readAgainAfterRefresh({ git_odb_read_header(&size, &type, odb, &oid) }) == 0 else { return nil }
            return ObjectKind(type)
        }
    }

    /// Checks every object reachable from `tips` the way `git fsck --strict` would (tree
    /// entry names, modes, order; each entry's object of the kind its mode says; commits
    /// whose tree is a tree and whose parents are commits; tags), skipping objects that
    /// `isTrusted` vouches for (already in a checked history). Returns the first problem,
    /// naming the object, or nil.
    public func firstProblem(reachableFrom tips: [ObjectID], isTrusted: (ObjectID) -> Bool) throws(GitError) -> String? {
        var kinds: [ObjectID: ObjectKind] = [:]
        var stack: [(ObjectID, ObjectKind?)] = tips.map { ($0, nil) }
        while let (id, expected) = stack.popLast() {
            // Every reference is checked against the kind it expects, trusted or not (a
            // blob entry naming a tree the history already holds is still a broken tree);
            // an object's content is checked once, and never when trusted.
            if let kind = kinds[id] {
                if let expected, kind != expected { return "object \(id) is a \(kind) where a \(expected) belongs" }
                continue
            }
            guard let kind = try objectKind(id) else { return "object \(id) is missing" }
            kinds[id] = kind
            if let expected, kind != expected { return "object \(id) is a \(kind) where a \(expected) belongs" }
            if isTrusted(id) { continue }
            switch kind {
            case .blob:
                continue
            case .tree:
                let entries = try treeEntries(id)
                if let why = TreeEntryCheck.problem(in: entries) { return "tree \(id): \(why)" }
                for entry in entries { stack.append((entry.id, TreeEntryCheck.expectedType(entry.mode))) }
            case .commit:
                let commit = try commit(id)
                stack.append((commit.tree, .tree))
                stack += commit.parents.map { ($0, .commit) }
            case .tag:
                guard let target = try tagTarget(id) else { return "tag \(id) names no object" }
                stack.append((target.id, target.kind))
            }
        }
        return nil
    }

    /// The object an annotated tag points at, with the kind the tag says it is.
    func tagTarget(_ id: ObjectID) throws(GitError) -> (id: ObjectID, kind: ObjectKind?)? {
        var oid = id.oid
        var tag: OpaquePointer?
        let status = readAgainAfterRefresh { git_tag_lookup(&tag, handle, &oid) }
        if status < 0 { throw objectReadError(status, kind: "tag", id: id) }
        defer { git_tag_free(tag) }
        guard let tag, let target = git_tag_target_id(tag) else { return nil }
        return (ObjectID(target), ObjectKind(git_tag_target_type(tag)))
    }
}
