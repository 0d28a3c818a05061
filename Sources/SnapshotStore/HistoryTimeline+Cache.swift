import Git

extension HistoryTimeline {
    /// The derived cache of `kind` for `query` (one per pair for the timeline's life;
    /// `saveCaches` writes them).
    public func cache(_ kind: String, query: String) -> QueryCache {
        let name = kind + "\n" + query
        if let known = caches[name] { return known }
        let made = QueryCache(gitDirectory: store.repository.path, kind: kind, query: query)
        made.expected = builds.count
        caches[name] = made
        return made
    }

    /// Writes every cache this timeline used that gained entries.
    public func saveCaches() {
        for cache in caches.values { cache.save() }
    }
}

extension QueryCache {
    /// The fields stored for a build (keyed by its snapshot tree).
    public func fields(for build: TimelineBuild) -> [String]? { fields(for: build.tree) }

    /// Whether the cache holds an entry for a build (not decoded).
    public func holds(_ build: TimelineBuild) -> Bool { holds(build.tree) }

    /// Stores fields for a build (keyed by its snapshot tree).
    public func set(_ fields: [String], for build: TimelineBuild) { set(fields, for: build.tree) }

    /// The fields stored for a recorded object (keyed by its id).
    public func fields(for object: StoredObject) -> [String]? { fields(for: object.id) }

    /// Stores fields for a recorded object (keyed by its id).
    public func set(_ fields: [String], for object: StoredObject) { set(fields, for: object.id) }
}

extension StoredObject {
    /// The object as two cache fields: its kind and its id.
    public var cacheFields: [String] {
        let kind = switch self.kind {
        case .file: "file"
        case .directory: "folder"
        case .symlink: "symlink"
        }
        return [kind, id.hex]
    }

    /// The object `cacheFields` wrote; nil for anything else.
    public init?(cacheFields fields: ArraySlice<String>) {
        guard fields.count == 2, let id = ObjectID(hex: fields[fields.startIndex + 1]) else { return nil }
        switch fields[fields.startIndex] {
        case "file": self.init(kind: .file, id: id)
        case "folder": self.init(kind: .directory, id: id)
        case "symlink": self.init(kind: .symlink, id: id)
        default: return nil
        }
    }
}
