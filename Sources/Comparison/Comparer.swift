import BundleModel
import PropertyLists

/// Compares two builds and returns the facts (`BuildComparison`). Pure: no I/O, no git.
public enum Comparer {
    /// Compares `old` with `new`: bundles matched by id, then by path relative to the
    /// outermost bundle; per bundle the file, plist, signature and localization changes;
    /// moved resources across the whole build.
    ///
    /// `alongside`, when given, runs on the other core with the two indexes while this one
    /// merges the files: work the caller needs next that does not need the comparison.
    /// `indexed`: gives `old`'s index made ahead (`findingLocalizedFiles()`), or nil; asked
    /// for once `new` is indexed here (it may wait for work on the other core to end).
    public static func compare(old: BuildSnapshot, new: BuildSnapshot, indexed: (() -> SnapshotIndex?)? = nil,
                               alongside: (@Sendable (SnapshotIndex, SnapshotIndex) -> Void)? = nil) -> BuildComparison {
        // Each index finds its bundles' `.lproj` files on its own core: below, every matched
        // pair asks for them, one side after the other, and so do the parity rules.
        let (oldIndex, newIndex): (SnapshotIndex, SnapshotIndex)
        if let indexed {
            newIndex = SnapshotIndex(new).findingLocalizedFiles()
            oldIndex = indexed() ?? SnapshotIndex(old).findingLocalizedFiles()
        } else {
            (oldIndex, newIndex) = BothCores.run({ SnapshotIndex(old).findingLocalizedFiles() },
                                                 alongside: { SnapshotIndex(new).findingLocalizedFiles() })
        }
        guard let alongside else { return compare(oldIndex, newIndex) }
        return BothCores.run({ compare(oldIndex, newIndex) }, alongside: { alongside(oldIndex, newIndex) }).0
    }

    /// `compare(old:new:)` of two builds already indexed: one index serves as both sides
    /// when a build is compared with itself (`check`'s report), and it is made once.
    public static func compare(_ oldIndex: SnapshotIndex, _ newIndex: SnapshotIndex) -> BuildComparison {
        let (old, new) = (oldIndex.snapshot, newIndex.snapshot)
        let pairs = BundleMatcher.match(old: oldIndex, new: newIndex)
        let shared = SharedFolders(old: old, new: new)

        var raw: [FileChanges] = []
        var removedCandidates: [MoveCandidate] = [], addedCandidates: [MoveCandidate] = []
        var unmovedAdded = Set<BundlePath>()
        var oldPython = PythonTree.Classifier(oldIndex), newPython = PythonTree.Classifier(newIndex)
        for pair in pairs {
            let changes = fileChanges(old: pair.old.map { oldIndex.files(of: $0) } ?? [], under: pair.old?.path ?? .root,
                                      new: pair.new.map { newIndex.files(of: $0) } ?? [], under: pair.new?.path ?? .root,
                                      shared: shared).changes
            raw.append(changes)
            // A removed bundle's files did not move anywhere: the bundle went (a bundle-level
            // fact). A bundle's anatomy (Info.plist, signature, executable, headers) never
            // moves: it belongs to the bundle's identity; nor does a resource at the same
            // place in a framework's renamed version folder, or in a renamed asset pack; nor
            // does Python package metadata (`PythonTree`).
            if let o = pair.old, let n = pair.new {
                let version = BundleStructure.unmovedInRenamedVersion(old: o, new: n, changes: changes)
                let pack = AssetPack.unmovedInRenamedPack(changes)
                let unmovedRemoved = version.removed.union(pack.removed)
                unmovedAdded.formUnion(version.added)
                unmovedAdded.formUnion(pack.added)
                removedCandidates += changes.removed
                    .filter { !BundleStructure.isStructural($0, of: o) && !unmovedRemoved.contains($0.path)
                        && !CompiledPackage.isInsideKept($0.path, old: oldIndex, new: newIndex)
                        && !oldPython.isInside($0.path) }
                    .map { candidate($0, bundle: pair.name, root: o.path) }
            }
        }
        // A move needs a removed file: with none (`check` compares a build with an empty
        // one), no added file is a candidate, and none is looked at.
        if removedCandidates.contains(where: { $0.entry.kind == .file }) {
            for (pair, changes) in zip(pairs, raw) {
                guard let n = pair.new else { continue }
                addedCandidates += changes.added
                    .filter { !BundleStructure.isStructural($0, of: n) && !unmovedAdded.contains($0.path)
                        && !CompiledPackage.isInsideKept($0.path, old: oldIndex, new: newIndex)
                        && !newPython.isInside($0.path) }
                    .map { candidate($0, bundle: pair.name, root: n.path) }
            }
        }
        let outside = fileChanges(old: oldIndex.outsideFiles, under: .root, new: newIndex.outsideFiles, under: .root,
                                  shared: shared).changes

        // Files outside every bundle (an archive's metadata, an ipa's SwiftSupport) and
        // files inside bundles are different worlds: a move is looked for within each.
        var detector = MoveDetector(removed: removedCandidates, added: addedCandidates)
        var outsideDetector = MoveDetector(
            removed: outside.removed.filter { !SignatureNoiseClassifier.isSignatureFile($0.path) }
                .map { candidate($0, bundle: nil, root: nil) },
            added: outside.added.filter { !SignatureNoiseClassifier.isSignatureFile($0.path) }
                .map { candidate($0, bundle: nil, root: nil) })
        let fileMoves = detector.detect() + outsideDetector.detect()
        let goneRemoved = detector.consumedRemoved.union(outsideDetector.consumedRemoved)
        let goneAdded = detector.consumedAdded.union(outsideDetector.consumedAdded)
        let moves = MoveAggregator(oldIndex: oldIndex, newIndex: newIndex).aggregate(fileMoves)

        var bundles: [BundleComparison] = []
        for (pair, changes) in zip(pairs, raw) {
            var files = changes
            files.setAsideMoved(removed: goneRemoved, added: goneAdded)
            let status: BundleComparison.Status = pair.old == nil ? .added : (pair.new == nil ? .removed : .matched)
            var result = BundleComparison(status: status, old: pair.old, new: pair.new, name: pair.name, files: files)
            result.plistChanges = plistChanges(files.modified.map { ($0.old.path, $0.new.path) }, old: old, new: new)
            if let o = pair.old, let n = pair.new {
                localizationChanges(&result, old: oldIndex.localizations(of: o), new: newIndex.localizations(of: n))
            }
            bundles.append(result)
        }
        SignatureNoiseClassifier(oldIndex: oldIndex, newIndex: newIndex).classify(&bundles)
        BundleReplacement.link(&bundles, old: oldIndex, new: newIndex)
        var outsideResult = outside
        outsideResult.setAsideMoved(removed: goneRemoved, added: goneAdded)
        let movedPlists = fileMoves.filter { $0.contentChanged && $0.to.count == 1 }.compactMap { m in
            m.to.first.map { (m.from.path, $0.path) }
        }
        attachMovedPlistChanges(movedPlists, bundles: &bundles, newIndex: newIndex, old: old, new: new)
        return BuildComparison(oldIndex: oldIndex, newIndex: newIndex, bundles: bundles, moves: moves,
                               outsideBundles: outsideResult)
    }

    private static func candidate(_ e: FileEntry, bundle: String?, root: BundlePath?) -> MoveCandidate {
        MoveCandidate(entry: e, bundle: bundle, relative: root.flatMap { e.path.relative(to: $0) } ?? e.path)
    }

    /// Added, removed and modified by path relative to each side's root, each sorted by full
    /// path. Both lists are sorted by full path and lie below their root, so relative paths
    /// come in the same order: one merge pass, no lookup tables. With `shared` folders
    /// (two recorded builds), a folder the same on both sides is passed over whole
    /// (`JointWalk`); `skipped` counts the old files passed over.
    /// Both lists must be sorted by path: `SnapshotIndex` gives every list sorted.
    static func fileChanges(old: EntryList, under oldRoot: BundlePath,
                            new: EntryList, under newRoot: BundlePath,
                            shared: SharedFolders? = nil) -> (changes: FileChanges, skipped: Int) {
        var changes = FileChanges()
        var walk = shared.map { JointWalk(shared: $0, oldRoot: oldRoot, newRoot: newRoot) }
        let oldSkip = oldRoot.isRoot ? 0 : oldRoot.bytes.count + 1
        let newSkip = newRoot.isRoot ? 0 : newRoot.bytes.count + 1
        var i = 0, j = 0, passed = 0
        // Below one root, the entries both lists name in the same array are the same file at
        // the same relative path: a run of them is passed over as one (an unchanged folder of
        // two recorded builds, most of a changed one), before any path is compared.
        let sameRoot = oldRoot == newRoot
        // In place: an entry is copied (its path retained) only when it is kept.
        old.withPlaces { ob in
            new.withPlaces { nb in
                while i < ob.count || j < nb.count {
                    if sameRoot, i < ob.count, j < nb.count {
                        let same = ob.sameEntries(from: i, as: nb, from: j)
                        if same > 0 {
                            (i, j, passed) = (i + same, j + same, passed + same)
                            continue
                        }
                    }
                    guard i < ob.count else { changes.added.append(nb[j]); j += 1; continue }
                    guard j < nb.count else { changes.removed.append(ob[i]); i += 1; continue }
                    // The order of the two paths below their roots, and whether the folder
                    // they lie in is one the walk has not tested yet.
                    let (order, untested) = ob[i].path.bytes.withUnsafeBytes { a in
                        nb[j].path.bytes.withUnsafeBytes { b in
                            let relative = UnsafeRawBufferPointer(rebasing: a[Swift.min(oldSkip, a.count)...])
                            let order = ByteRun.order(relative, UnsafeRawBufferPointer(rebasing: b[Swift.min(newSkip, b.count)...]))
                            return (order, order == 0 && walk?.isTested(relative) == false)
                        }
                    }
                    if order == 0 {
                        if untested, let ends = ob[i].path.bytes.withUnsafeBytes({ a in
                            walk?.pass(UnsafeRawBufferPointer(rebasing: a[Swift.min(oldSkip, a.count)...]), old: ob, at: i, new: nb, at: j)
                        }) {
                            (i, j) = ends
                            continue
                        }
                        if ob[i].kind != nb[j].kind || ob[i].sha256 != nb[j].sha256 || ob[i].size != nb[j].size
                            || ob[i].symlinkTarget != nb[j].symlinkTarget || ob[i].isExecutable != nb[j].isExecutable {
                            changes.modified.append(FileModification(old: ob[i], new: nb[j]))
                        }
                        i += 1
                        j += 1
                    } else if order < 0 {
                        changes.removed.append(ob[i])
                        i += 1
                    } else {
                        changes.added.append(nb[j])
                        j += 1
                    }
                }
            }
        }
        return (changes, (walk?.skipped ?? 0) + passed)
    }

    static func plistChanges(_ paths: [(BundlePath, BundlePath)], old: BuildSnapshot, new: BuildSnapshot) -> [PlistFileChange] {
        var out: [PlistFileChange] = []
        for (oldPath, newPath) in paths {
            guard newPath.nameString != "CodeResources", let a = old.plists[oldPath], let b = new.plists[newPath],
                  let change = PlistDiffer.fileChange(old: a, new: b) else { continue }
            out.append(PlistFileChange(oldPath: oldPath, path: newPath, formatChange: change.format,
                                       decodeProblem: change.problem, keyChanges: change.keys))
        }
        return out.sorted { $0.path < $1.path }
    }

    private static func attachMovedPlistChanges(_ paths: [(BundlePath, BundlePath)], bundles: inout [BundleComparison],
                                                newIndex: SnapshotIndex, old: BuildSnapshot, new: BuildSnapshot) {
        for change in plistChanges(paths, old: old, new: new) {
            let owner = newIndex.owner(of: change.path)?.path
            guard let i = bundles.firstIndex(where: { $0.new?.path == owner && owner != nil }) else { continue }
            bundles[i].plistChanges.append(change)
            bundles[i].plistChanges.sort { $0.path < $1.path }
        }
    }

    private static func localizationChanges(_ result: inout BundleComparison, old: [String], new: [String]) {
        let o = Set(old), n = Set(new)
        var added = n.subtracting(o), removed = o.subtracting(n)
        var renames: [LocalizationRename] = []
        for r in removed.sorted() {
            let matches = added.filter { LanguageCode.canonical($0) == LanguageCode.canonical(r) }.sorted()
            // Merged into a folder of the same language the bundle already had
            // (`English` + `en` → `en`): the language stayed, only a spelling went.
            let kept = n.filter { LanguageCode.canonical($0) == LanguageCode.canonical(r) }.sorted()
            // A regional folder that gave way to a new folder of its language (`zh_CN` →
            // `zh-Hans`, `en_US` → `en`): its users now get that folder, where they fall back.
            let parent = LanguageCode.regionalParent(of: r, among: added)
            if let a = matches.first ?? kept.first ?? parent {
                renames.append(LocalizationRename(from: r, to: a))
                added.remove(a)
                removed.remove(r)
            }
        }
        result.localizationsAdded = added.sorted()
        result.localizationsRemoved = removed.sorted()
        result.localizationsRenamed = renames
    }
}
