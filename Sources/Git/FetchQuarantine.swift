import FoundationEssentials

/// A scratch repository inside the history that a fetch downloads into first. Its object
/// database borrows the history's (alternates), and it holds the history's branch tips, so
/// the remote sends only what is new. Nothing it received reaches the history until every
/// object reachable from the fetched references has passed `firstProblem`; then its object
/// files move into the history and the references follow. A refused fetch leaves the
/// history exactly as it was, so `git fsck --strict` keeps accepting it.
struct FetchQuarantine {
    static let prefix = "quarantine-"
    /// Where the history's own references are mirrored (so the fetch negotiates with them).
    static let mirrorPrefix = "refs/bundlediff-have/"

    let historyPath: String
    let path: String

    init(historyPath: String) throws(GitError) {
        Self.removeAbandoned(in: historyPath)
        self.historyPath = historyPath
        path = historyPath + "/" + Self.prefix + UUID().uuidString.lowercased()
        let history = try Repository.open(at: historyPath, objectWriting: .loose)
        _ = try Repository.createBare(at: path, objectWriting: .loose)
        do {
            try Data((historyPath + "/objects\n").utf8).write(to: URL(fileURLWithPath: path + "/objects/info/alternates"))
        } catch {
            throw GitError(code: .other(-1), operation: "prepare the fetch quarantine", message: "\(error)")
        }
        let scratch = try Repository.open(at: path, objectWriting: .loose)  // now with the alternates
        var n = 0
        for glob in ["refs/heads/*", "refs/bundlediff/remotes/*"] {
            for ref in try history.references(matching: glob) where (try? history.objectKind(ref.target)) != nil {
                n += 1
                try scratch.createReference(Self.mirrorPrefix + String(n), target: ref.target, message: "mirror")
            }
        }
    }

    /// The references the fetch wrote (its refspecs' destinations), by name.
    func fetchedReferences() throws(GitError) -> [(name: String, target: ObjectID)] {
        try Repository.open(at: path, objectWriting: .loose).references(matching: "refs/*")
            .filter { !$0.name.hasPrefix(Self.mirrorPrefix) }
    }

    /// The first reason the fetched objects may not enter the history, or nil.
    func problem(in fetched: [(name: String, target: ObjectID)]) -> String? {
        do {
            let history = try Repository.open(at: historyPath, objectWriting: .loose)
            let scratch = try Repository.open(at: path, objectWriting: .loose)
            return try scratch.firstProblem(reachableFrom: fetched.map(\.target)) { id in
                (try? history.contains(id)) == true
            }
        } catch {
            return "an object the remote sent cannot be read: \(error)"
        }
    }

    /// Moves the received object files into the history (packs: the `.pack` before its
    /// `.idx`, so a reader never finds an index without its pack).
    func adoptObjects() throws(GitError) {
        let fm = FileManager.default
        let source = path + "/objects", target = historyPath + "/objects"
        do {
            for dir in try fm.contentsOfDirectory(atPath: source).sorted() where dir.count == 2 {
                let names = try fm.contentsOfDirectory(atPath: "\(source)/\(dir)")
                try? fm.createDirectory(atPath: "\(target)/\(dir)", withIntermediateDirectories: true)
                for name in names where !fm.fileExists(atPath: "\(target)/\(dir)/\(name)") {
                    try fm.moveItem(atPath: "\(source)/\(dir)/\(name)", toPath: "\(target)/\(dir)/\(name)")
                }
            }
            let packs = try fm.contentsOfDirectory(atPath: source + "/pack")
            let order: (String) -> Int = { $0.hasSuffix(".pack") ? 0 : $0.hasSuffix(".idx") ? 2 : 1 }
            for name in packs.sorted(by: { (order($0), $0) < (order($1), $1) })
            where name.hasPrefix("pack-") && !fm.fileExists(atPath: "\(target)/pack/\(name)") {
                try fm.moveItem(atPath: "\(source)/pack/\(name)", toPath: "\(target)/pack/\(name)")
            }
        } catch {
            throw GitError(code: .other(-1), operation: "move fetched objects into \(historyPath)", message: "\(error)")
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Quarantines a killed fetch left behind (untouched for an hour: no fetch runs that long).
    static func removeAbandoned(in historyPath: String) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: historyPath) else { return }
        for name in names where name.hasPrefix(prefix) {
            let full = historyPath + "/" + name
            if let modified = (try? fm.attributesOfItem(atPath: full))?[.modificationDate] as? Date,
               modified.timeIntervalSinceNow < -3600 {
                try? fm.removeItem(atPath: full)
            }
        }
    }
}
