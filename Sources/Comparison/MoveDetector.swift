import BundleModel

/// Finds moved resources among the files one build removed and the other added.
///
/// Every pass is hash-indexed (content hash, lowercased path, file name, folder), so a
/// build with thousands of changed files costs O(changes), never O(changes²); the only
/// pairwise step runs inside small groups and is capped.
struct MoveDetector {
    /// One file's move before folder aggregation.
    struct FileMove {
        var kind: ResourceMove.Kind
        var from: MoveCandidate
        var to: [MoveCandidate]
        var contentChanged: Bool
        /// For `.becameFolder`: the new folder.
        var toFolder: BundlePath?
    }

    /// Largest group compared pairwise (removed × added) in the name-based passes.
    static let pairwiseLimit = 2_500

    var removed: [MoveCandidate]
    var added: [MoveCandidate]
    private(set) var moves: [FileMove] = []
    private var usedRemoved = Set<BundlePath>()
    private var usedAdded = Set<BundlePath>()

    /// Content this small (`{}`, a newline, a `.keep`) says nothing about where a file came
    /// from: it is no evidence of a move by content.
    static let smallestTelling: UInt64 = 4

    init(removed: [MoveCandidate], added: [MoveCandidate]) {
        // Finder's `.DS_Store` is no resource: nothing looks it up.
        func isResource(_ c: MoveCandidate) -> Bool { c.entry.kind == .file && !c.path.nameIs(".DS_Store") }
        self.removed = removed.filter(isResource)
        self.added = added.filter(isResource)
    }

    /// Runs every pass; returns the single-file moves found. Every move takes a removed
    /// file and an added one: with no file on one side, nothing is indexed (`check` compares
    /// a build with an empty one, so every file of it is added).
    mutating func detect() -> [FileMove] {
        guard !removed.isEmpty, !added.isEmpty else { return [] }
        caseOnlyPass()
        exactContentPass()
        sameNamePass()
        similarNamePass()
        becameFolderPass()
        return moves
    }

    var consumedRemoved: Set<BundlePath> { usedRemoved }
    var consumedAdded: Set<BundlePath> { usedAdded }

    private var freeRemoved: [MoveCandidate] { removed.filter { !usedRemoved.contains($0.path) } }
    private var freeAdded: [MoveCandidate] { added.filter { !usedAdded.contains($0.path) } }

    private mutating func record(_ move: FileMove) {
        moves.append(move)
        usedRemoved.insert(move.from.path)
        for t in move.to { usedAdded.insert(t.path) }
    }

    private mutating func caseOnlyPass() {
        var byLower: [[UInt8]: [MoveCandidate]] = [:]
        for a in added { byLower[key(a, ByteRun.asciiLowercased(a.relative.bytes)), default: []].append(a) }
        for r in removed {
            guard let hits = byLower[key(r, ByteRun.asciiLowercased(r.relative.bytes))], hits.count == 1,
                  let a = hits.first, !usedAdded.contains(a.path) else { continue }
            record(FileMove(kind: .caseOnly, from: r, to: [a], contentChanged: r.entry.sha256 != a.entry.sha256))
        }
    }

    private mutating func exactContentPass() {
        var addedByHash: [SHA256Digest: [MoveCandidate]] = [:]
        for a in freeAdded where a.entry.size >= Self.smallestTelling {
            if let h = a.entry.sha256 { addedByHash[h, default: []].append(a) }
        }
        var removedByHash: [SHA256Digest: [MoveCandidate]] = [:]
        for r in freeRemoved where r.entry.size >= Self.smallestTelling {
            if let h = r.entry.sha256, addedByHash[h] != nil { removedByHash[h, default: []].append(r) }
        }
        for hash in removedByHash.keys.sorted() {
            guard let rs = removedByHash[hash], let adds = addedByHash[hash] else { continue }
            if rs.count == 1, let r = rs.first {
                // One copy keeping the file's name is where it went (a folder renamed); a
                // file of the same bytes under another name is a file of its own, added.
                let named = adds.filter { $0.relative.name == r.relative.name }
                let targets = adds.count > 1 && named.count == 1 ? named : adds
                record(FileMove(kind: targets.count == 1 ? .exact : .oneToMany, from: r,
                                to: targets.sorted { $0.path < $1.path }, contentChanged: false))
                continue
            }
            // Several files with these bytes went and came (a placeholder image every
            // feature ships): which went where is told only by a file keeping its name.
            var addsByName: [[UInt8]: [MoveCandidate]] = [:]
            for a in adds { addsByName[a.relative.name, default: []].append(a) }
            var removedByName: [[UInt8]: [MoveCandidate]] = [:]
            for r in rs { removedByName[r.relative.name, default: []].append(r) }
            for name in removedByName.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                guard let named = removedByName[name], let targets = addsByName[name] else { continue }
                for (r, a) in Self.pair(named, targets, minimumScore: -.infinity) {
                    record(FileMove(kind: .exact, from: r, to: [a], contentChanged: false))
                }
            }
        }
    }

    /// Same file name in another folder, nearly the same size (a tenth apart at most), in
    /// the same language if any: a name alone (`background.jpg`, `Localizable.strings`) is
    /// shared by unrelated files, and one language's table is not another's translation.
    /// Inside a compiled package (`X.storyboardc/`, `X.nib/`, `X.momd/`) the package name
    /// must match too: every compiled storyboard has an `Info.plist`, and one storyboard's
    /// is not another's (`leastSizeRatio`).
    private mutating func sameNamePass() {
        var addedByName: [[UInt8]: [MoveCandidate]] = [:]
        for a in freeAdded { addedByName[nameKey(a), default: []].append(a) }
        var removedByName: [[UInt8]: [MoveCandidate]] = [:]
        for r in freeRemoved where addedByName[nameKey(r)] != nil {
            removedByName[nameKey(r), default: []].append(r)
        }
        for name in removedByName.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            guard let rs = removedByName[name], let adds = addedByName[name], let first = rs.first else { continue }
            let inPackage = nameKey(first) != first.relative.name
            for (r, a) in Self.pair(rs, adds, minimumScore: 0.3)
            where NameSimilarity.sizeRatio(r.entry.size, a.entry.size) >= Self.leastSizeRatio(r, a, inPackage: inPackage)
                && Self.sameLanguage(r, a) && min(r.entry.size, a.entry.size) >= Self.smallestTelling {
                record(FileMove(kind: .renamedWithChanges, from: r, to: [a],
                                contentChanged: r.entry.sha256 != a.entry.sha256))
            }
        }
    }

    /// Similar name and size, same folder and extension.
    private mutating func similarNamePass() {
        var addedByFolder: [[UInt8]: [MoveCandidate]] = [:]
        for a in freeAdded { addedByFolder[folderKey(a), default: []].append(a) }
        var removedByFolder: [[UInt8]: [MoveCandidate]] = [:]
        for r in freeRemoved where addedByFolder[folderKey(r)] != nil {
            removedByFolder[folderKey(r), default: []].append(r)
        }
        for folder in removedByFolder.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            guard let rs = removedByFolder[folder], let adds = addedByFolder[folder],
                  rs.count * adds.count <= Self.pairwiseLimit else { continue }
            var candidates: [(Double, MoveCandidate, MoveCandidate)] = []
            for r in rs {
                for a in adds {
                    let name = NameSimilarity.ratio(NameSimilarity.stem(r.relative.name), NameSimilarity.stem(a.relative.name))
                    let size = NameSimilarity.sizeRatio(r.entry.size, a.entry.size)
                    if name >= 0.6, size >= 0.8 { candidates.append((name + size, r, a)) }
                }
            }
            for (_, r, a) in candidates.sorted(by: { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1.path < $1.1.path })
            where !usedRemoved.contains(r.path) && !usedAdded.contains(a.path) {
                record(FileMove(kind: .renamedWithChanges, from: r, to: [a],
                                contentChanged: r.entry.sha256 != a.entry.sha256))
            }
        }
    }

    /// `X.nib` (a file) → `X.storyboardc/` or `Base.lproj/X.nib/` (a folder of new files).
    /// A file that became a folder at its own path (`X.nib` → `X.nib/`) did not move:
    /// nothing that loads it by name breaks, and its files stay removed and added.
    private mutating func becameFolderPass() {
        var folders: [[UInt8]: Set<BundlePath>] = [:]
        var filesUnder: [BundlePath: [MoveCandidate]] = [:]
        for a in freeAdded {
            var prefix = a.path.parent
            var rel = a.relative.parent
            while !rel.isRoot {
                if !NameSimilarity.pathExtension(rel.name).isEmpty {
                    folders[key(a, NameSimilarity.stem(rel.name)), default: []].insert(prefix)
                    filesUnder[prefix, default: []].append(a)
                }
                prefix = prefix.parent
                rel = rel.parent
            }
        }
        var removedByStem: [[UInt8]: [MoveCandidate]] = [:]
        for r in freeRemoved { removedByStem[key(r, NameSimilarity.stem(r.relative.name)), default: []].append(r) }
        for (stemKey, rs) in removedByStem.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            guard rs.count == 1, let r = rs.first, let targets = folders[stemKey], targets.count == 1,
                  let folder = targets.first, folder != r.path, let files = filesUnder[folder] else { continue }
            let free = files.filter { !usedAdded.contains($0.path) }.sorted { $0.path < $1.path }
            guard !free.isEmpty else { continue }
            record(FileMove(kind: .becameFolder, from: r, to: free, contentChanged: true, toFolder: folder))
        }
    }

    /// How close in size a same-name pair must be: within a factor of three where the place
    /// tells (a compiled package of the same name, which each Xcode recompiles; the same
    /// language's folder respelled, `pt_BR.lproj` → `pt-BR.lproj`, whose tables were edited
    /// too), else within a tenth: a name alone is shared by unrelated files.
    static func leastSizeRatio(_ r: MoveCandidate, _ a: MoveCandidate, inPackage: Bool) -> Double {
        if inPackage { return 0.3 }
        if let x = r.localization, let y = a.localization, LanguageCode.canonical(x) == LanguageCode.canonical(y),
           r.delocalizedParent == a.delocalizedParent { return 0.3 }
        return 0.9
    }

    /// Whether two files may be one resource by language: neither is localized, or they are
    /// in one language's folders, or one is in `Base.lproj` (which holds the development
    /// language's copy: `en.lproj/Main.nib` → `Base.lproj/Main.nib` is base
    /// internationalization), or the file was localized or delocalized. Only two different
    /// languages (`de.lproj` → `es.lproj`) are two translations, never one file moved.
    static func sameLanguage(_ r: MoveCandidate, _ a: MoveCandidate) -> Bool {
        guard let x = r.localization, let y = a.localization, x != "Base", y != "Base" else { return true }
        return LanguageCode.canonical(x) == LanguageCode.canonical(y)
    }

    private func key(_ c: MoveCandidate, _ bytes: [UInt8]) -> [UInt8] {
        Array((c.bundle ?? "").utf8) + [0] + bytes
    }

    /// The file name, and the names of the packages (folders with an extension, `.lproj`
    /// aside) it lies in.
    private func nameKey(_ c: MoveCandidate) -> [UInt8] {
        var out = c.relative.name
        for component in c.relative.components.dropLast()
        where !NameSimilarity.pathExtension(component).isEmpty && !LanguageCode.isLocalizationFolderName(component) {
            out += [0] + component
        }
        return out
    }

    private func folderKey(_ c: MoveCandidate) -> [UInt8] {
        key(c, c.relative.parent.bytes + [0] + NameSimilarity.pathExtension(c.relative.name))
    }

    /// Greedy best-first pairing of removed and added candidates that share a name or hash:
    /// prefer the same language folder, then the same folder layout, then close sizes.
    static func pair(_ rs: [MoveCandidate], _ adds: [MoveCandidate], minimumScore: Double) -> [(MoveCandidate, MoveCandidate)] {
        if rs.count == 1, adds.count == 1, let r = rs.first, let a = adds.first { return [(r, a)] }
        guard rs.count * adds.count <= pairwiseLimit else {
            return zip(rs.sorted { $0.path < $1.path }, adds.sorted { $0.path < $1.path }).map { ($0, $1) }
        }
        var scored: [(Double, Int, Int)] = []
        for (i, r) in rs.enumerated() {
            for (j, a) in adds.enumerated() {
                var score = NameSimilarity.sizeRatio(r.entry.size, a.entry.size)
                if let lr = r.localization, let la = a.localization,
                   LanguageCode.canonical(lr) == LanguageCode.canonical(la) { score += 2 }
                if r.delocalizedParent == a.delocalizedParent { score += 1 }
                if r.bundle == a.bundle { score += 0.5 }
                if score >= minimumScore { scored.append((score, i, j)) }
            }
        }
        scored.sort { $0.0 != $1.0 ? $0.0 > $1.0 : ($0.1 != $1.1 ? $0.1 < $1.1 : $0.2 < $1.2) }
        var usedR = Set<Int>(), usedA = Set<Int>(), out: [(MoveCandidate, MoveCandidate)] = []
        for (_, i, j) in scored where !usedR.contains(i) && !usedA.contains(j) {
            usedR.insert(i)
            usedA.insert(j)
            out.append((rs[i], adds[j]))
        }
        return out
    }
}
