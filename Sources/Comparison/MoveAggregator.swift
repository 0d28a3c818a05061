import BundleModel

/// Turns single-file moves into report moves: file moves that share an old folder and a
/// new folder, and that emptied the old folder, become one `.folder` move.
struct MoveAggregator {
    let oldIndex: SnapshotIndex
    let newIndex: SnapshotIndex

    func aggregate(_ moves: [MoveDetector.FileMove]) -> [ResourceMove] {
        var groups: [FolderPair: [MoveDetector.FileMove]] = [:]
        var singles: [MoveDetector.FileMove] = []
        for move in moves {
            if move.to.count == 1, let to = move.to.first, move.kind == .exact || move.kind == .renamedWithChanges,
               let pair = Self.folderPair(move.from.path, to.path) {
                groups[pair, default: []].append(move)
            } else {
                singles.append(move)
            }
        }
        let oldCounts = fileCounts(under: Set(groups.keys.map(\.from)))
        var out: [ResourceMove] = []
        for (pair, members) in groups {
            let emptied = newIndex.entries[pair.from] == nil || oldCounts[pair.from, default: 0] == members.count
            guard members.count >= 2, emptied else {
                singles += members
                continue
            }
            let first = members.min { $0.from.path < $1.from.path }
            guard let first, let firstTo = first.to.first else { continue }
            out.append(ResourceMove(
                kind: .folder, from: pair.from, to: [pair.to], fileCount: members.count,
                contentChanged: members.contains { $0.contentChanged },
                fromBundle: first.from.bundle, toBundle: firstTo.bundle,
                localization: Self.localizationChange(first.from, firstTo)))
        }
        for move in singles {
            guard let firstTo = move.to.first else { continue }
            let to = move.toFolder.map { [$0] } ?? move.to.map(\.path)
            out.append(ResourceMove(
                kind: move.kind, from: move.from.path, to: to, fileCount: 1, contentChanged: move.contentChanged,
                fromBundle: move.from.bundle, toBundle: firstTo.bundle,
                localization: Self.localizationChange(move.from, firstTo)))
        }
        return out.sorted { $0.from != $1.from ? $0.from < $1.from : $0.to.lexicographicallyPrecedes($1.to) }
    }

    struct FolderPair: Hashable {
        var from: BundlePath
        var to: BundlePath
    }

    /// Strips the longest common suffix of components; both remaining prefixes must be
    /// folders (non-empty) and at least the file name must be shared.
    static func folderPair(_ a: BundlePath, _ b: BundlePath) -> FolderPair? {
        let ca = a.components, cb = b.components
        var shared = 0
        while shared < ca.count, shared < cb.count, ca[ca.count - 1 - shared] == cb[cb.count - 1 - shared] {
            shared += 1
        }
        guard shared >= 1, shared < ca.count, shared < cb.count else { return nil }
        let join: ([[UInt8]]) -> BundlePath = { parts in
            BundlePath(bytes: Array(parts.joined(separator: [UInt8(ascii: "/")])))
        }
        return FolderPair(from: join(Array(ca.prefix(ca.count - shared))), to: join(Array(cb.prefix(cb.count - shared))))
    }

    private func fileCounts(under folders: Set<BundlePath>) -> [BundlePath: Int] {
        guard !folders.isEmpty else { return [:] }
        var counts: [BundlePath: Int] = [:]
        for entry in oldIndex.snapshot.entries where entry.kind != .directory {
            var p = entry.path.parent
            while !p.isRoot {
                if folders.contains(p) { counts[p, default: 0] += 1 }
                p = p.parent
            }
        }
        return counts
    }

    static func localizationChange(_ from: MoveCandidate, _ to: MoveCandidate) -> ResourceMove.LocalizationChange? {
        switch (from.localization, to.localization) {
        case (nil, nil): nil
        case (nil, let l?): .intoLocalization(l)
        case (let l?, nil): .outOfLocalization(l)
        case (let a?, let b?): a == b ? nil : .betweenLocalizations(from: a, to: b)
        }
    }
}
