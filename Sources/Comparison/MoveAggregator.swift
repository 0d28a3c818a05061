import BundleModel

/// Turns single-file moves into report moves: file moves that share an old folder and a
/// new folder, and that emptied the old folder, become one `.folder` move.
struct MoveAggregator {
    let oldIndex: SnapshotIndex
    let newIndex: SnapshotIndex

    func aggregate(_ moves: [MoveDetector.FileMove]) -> [ResourceMove] {
        var candidates: [FolderPair: [Int]] = [:]
        var singles: [MoveDetector.FileMove] = []
        for (i, move) in moves.enumerated() {
            guard move.to.count == 1, let to = move.to.first,
                  move.kind == .exact || move.kind == .renamedWithChanges || move.kind == .caseOnly else { continue }
            for pair in Self.folderPairs(move.from.path, to.path) { candidates[pair, default: []].append(i) }
        }
        let oldCounts = fileCounts(under: Set(candidates.keys.map(\.from)))
        // The largest folder first: `A/B/x → C/B/x` is the folder `A` renamed when `A` held
        // only `B`, else the folder `A/B` moved into `C`.
        // Each folder's depth is counted once, not in every comparison of the sort.
        let keyed: [(pair: FolderPair, depth: Int)] = candidates.keys.map { ($0, $0.from.depth) }
        let order = keyed.sorted { (a, b) -> Bool in
            if a.depth != b.depth { return a.depth < b.depth }
            return a.pair.from != b.pair.from ? a.pair.from < b.pair.from : a.pair.to < b.pair.to
        }
        var assigned = Set<Int>()
        var out: [ResourceMove] = []
        for (pair, _) in order {
            let members = (candidates[pair] ?? []).filter { !assigned.contains($0) }.map { ($0, moves[$0]) }
            let emptied = newIndex.entry(at: pair.from) == nil || oldCounts[pair.from, default: 0] == members.count
            guard members.count >= 2, emptied else { continue }
            let first = members.min { $0.1.from.path < $1.1.from.path }?.1
            guard let first, let firstTo = first.to.first else { continue }
            assigned.formUnion(members.map(\.0))
            out.append(ResourceMove(
                kind: .folder, from: pair.from, to: [pair.to], fileCount: members.count,
                folderFileCount: oldCounts[pair.from],
                contentChanged: members.contains { $0.1.contentChanged },
                fromBundle: first.from.bundle, toBundle: firstTo.bundle,
                localization: Self.localizationChange(first.from, firstTo)))
        }
        for (i, move) in moves.enumerated() where !assigned.contains(i) { singles.append(move) }
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

    /// The folder pairs a file move may belong to: strip 1…n trailing components the two
    /// paths share (at least the file name); both remaining prefixes must be non-empty.
    static func folderPairs(_ a: BundlePath, _ b: BundlePath) -> [FolderPair] {
        // Over the components in place: their ranges, not a copy of each (and of each
        // lowered), for every move of a build that moved hundreds of files.
        let (ba, bb) = (a.bytes, b.bytes)
        let ra = a.componentRanges, rb = b.componentRanges
        var shared = 0
        while shared < ra.count, shared < rb.count,
              ByteRun.equalIgnoringASCIICase(ba[ra[ra.count - 1 - shared]], bb[rb[rb.count - 1 - shared]]) {
            shared += 1
        }
        let join: ([UInt8], ArraySlice<Range<Int>>) -> BundlePath = { bytes, parts in
            var out: [UInt8] = []
            for range in parts {
                if !out.isEmpty { out.append(UInt8(ascii: "/")) }
                out += bytes[range]
            }
            return BundlePath(bytes: out)
        }
        var out: [FolderPair] = []
        var k = 1
        while k <= shared, k < ra.count, k < rb.count {
            let pair = FolderPair(from: join(ba, ra.prefix(ra.count - k)), to: join(bb, rb.prefix(rb.count - k)))
            if pair.from != pair.to { out.append(pair) }
            k += 1
        }
        return out
    }

    /// The old build's files below each of `folders` (none of them the root).
    private func fileCounts(under folders: Set<BundlePath>) -> [BundlePath: Int] {
        oldIndex.fileCounts(below: folders.filter { !$0.isRoot })
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
