import BundleModel
import PropertyLists

/// One bundle's seal evaluation (see `SealEvaluator`).
struct SealWalk {
    let bundle: BundleInfo
    let codeResources: BundlePath
    /// The build's entries, sorted by path: the walk reads the run of them below `root`.
    let entries: EntryList
    /// Where the walk starts: the bundle, or a framework's version folder.
    let root: BundlePath
    /// What sealed paths are relative to (`root` or `root/Contents`).
    let base: BundlePath
    /// `files2` by sealed path, and the sealed paths met. Keyed by `BundlePath`, which hashes
    /// its bytes in one call (an array of bytes hashes them one by one: a fifth of a walk).
    private var sealed: [BundlePath: SealEntry] = [:]
    private var seen: Set<BundlePath> = []
    private var found: [SealDiscrepancy] = []
    private var checked = 0
    private var unverified = 0

    init(bundle: BundleInfo, codeResources: BundlePath, entries: EntryList) {
        self.bundle = bundle
        self.codeResources = codeResources
        self.entries = entries
        base = bundle.contentRoot
        root = bundle.layout == .versionedFramework ? bundle.contentRoot : bundle.path
    }

    private func result(_ outcome: SealEvaluation.Outcome) -> SealEvaluation {
        SealEvaluation(bundlePath: bundle.path, codeResourcesPath: codeResources, outcome: outcome)
    }

    mutating func run(_ plist: DecodedPlist?, budget: MatchBudget) -> SealEvaluation {
        guard case .decoded(let document)? = plist else {
            if case .undecodable(let reason)? = plist { return result(.unreadable(reason)) }
            return result(.unreadable("not decoded"))
        }
        guard let top = document.root.dictionaryValue else { return result(.unreadable("not a dictionary")) }
        guard let rulesValue = top["rules2"], let filesValue = top["files2"] else { return result(.noVersion2) }
        guard let rules2 = rulesValue.dictionaryValue, let files2 = filesValue.dictionaryValue else {
            return result(.invalid("rules2 or files2 is not a dictionary"))
        }
        let rules: SealRules
        do {
            rules = try SealRules(rules2: rules2, exclusions: exclusions())
        } catch {
            switch error {
            case .invalid(let reason): return result(.invalid("rules2: \(reason)"))
            case .unsupported(let reason): return result(.unsupported("rules2: \(reason)"))
            }
        }
        for (key, value) in files2.entries {
            let entry = SealEntry(value)
            if case .malformed(let reason) = entry {
                return result(.invalid("files2 entry \(key.debugDescription): \(reason)"))
            }
            sealed[BundlePath(key)] = entry
        }
        var budget = budget
        do {
            try walk(rules, budget: &budget)
        } catch {
            return result(.tooCostly(limit: error.limit))
        }
        for (key, entry) in sealed where !seen.contains(key) && !entry.isOptional {
            if case .nested = entry {
                found.append(SealDiscrepancy(kind: .nestedMissing, path: path(of: key.bytes)))
            } else {
                found.append(SealDiscrepancy(kind: .missing, path: path(of: key.bytes)))
            }
        }
        found.sort { ($0.path, $0.kind.rawValue) < ($1.path, $1.kind.rawValue) }
        return SealEvaluation(bundlePath: bundle.path, codeResourcesPath: codeResources, outcome: .evaluated,
                              discrepancies: found, checked: checked, unverified: unverified)
    }

    /// What `BundleDiskRep::adjustResources` excludes: the signature folder, the legacy
    /// `CodeResources` link, the Mac App Store receipt and the main executable.
    private func exclusions() -> Set<[UInt8]> {
        var set: Set<[UInt8]> = [Array("_CodeSignature".utf8), Array("CodeResources".utf8), Array("_MASReceipt".utf8)]
        if let executable = bundle.executablePath, let rel = executable.relative(to: base), !rel.isRoot {
            set.insert(rel.bytes)
        }
        return set
    }

    /// The sealed spelling of a path: relative to `base`, or `../…` from `root` outside it.
    private func sealedPath(_ path: BundlePath) -> [UInt8] {
        if let rel = path.relative(to: base) { return rel.bytes }
        return Array("../".utf8) + (path.relative(to: root)?.bytes ?? path.bytes)
    }

    /// The build path a sealed key names.
    private func path(of key: [UInt8]) -> BundlePath {
        let up = Array("../".utf8)
        if base != root, key.starts(with: up) { return root.appending(Array(key.dropFirst(up.count))) }
        return base.appending(key)
    }

    /// Every path below `root` (directories implied by deeper paths included), parents
    /// before their children, as `fts` visits them, with its recorded entry (none for an
    /// implied directory). Only `root`'s run of the sorted entries is read: each bundle of a
    /// build used to filter every entry of the build.
    private func tree() -> [(path: BundlePath, kind: FileEntry.Kind, entry: FileEntry?)] {
        var below = Array(entries[entries.run(below: root)])
        // Sorted by path, then name by name: a stable sort of a list mostly in order already.
        below.sort { a, b in
            a.path.bytes.withUnsafeBytes { x in b.path.bytes.withUnsafeBytes { ByteRun.isBeforeByComponents(x, $0) } }
        }
        var out: [(path: BundlePath, kind: FileEntry.Kind, entry: FileEntry?)] = []
        out.reserveCapacity(below.count)
        // The path just placed and the folders it lies in, innermost last: a folder's
        // children follow it at once, so a path whose parent is not among them has folders
        // no entry names, placed before it as directories.
        var open: [BundlePath] = []
        for entry in below {
            while let last = open.last, !entry.path.isWithin(last) { open.removeLast() }
            // Mostly the folder just placed or met (nothing made to find out).
            let top = open.last ?? root
            guard !ByteRun.isParent(top.bytes, of: entry.path.bytes) else {
                out.append((entry.path, entry.kind, entry))
                open.append(entry.path)
                continue
            }
            var missing: [BundlePath] = []
            var parent = entry.path.parent
            while parent != root, parent != open.last, parent.isWithin(root) {
                missing.append(parent)
                parent = parent.parent
            }
            for folder in missing.reversed() {
                out.append((folder, .directory, nil))
                open.append(folder)
            }
            out.append((entry.path, entry.kind, entry))
            open.append(entry.path)
        }
        return out
    }

    private mutating func walk(_ rules: SealRules, budget: inout MatchBudget) throws(MatchBudget.Exceeded) {
        var skipped: Set<BundlePath> = []
        var space = SealPattern.Workspace()
        for (path, kind, entry) in tree() {
            if !skipped.isEmpty, skipped.contains(path.parent) {
                if kind == .directory { skipped.insert(path) }
                continue
            }
            let rel = sealedPath(path)
            let choices = try rules.decide(rel, budget: &budget, in: &space)
            guard !choices.isEmpty else { continue }
            if choices.contains(.exclusion) {
                if kind == .directory { skipped.insert(path) }
                continue
            }
            // On a tie the seal itself shows which rule the signer applied.
            let isSealed = sealed[BundlePath(bytes: rel)] != nil
            if kind == .directory {
                let nested = choices.filter { $0.contains(.nested) }.count
                guard nested > 0, path.name.contains(UInt8(ascii: ".")) else { continue }
                if nested == choices.count || { if case .nested? = sealed[BundlePath(bytes: rel)] { true } else { false } }() {
                    skipped.insert(path)
                    checkNested(path, rel)
                }
                continue
            }
            let omitted = choices.filter { $0.contains(.omitted) }.count
            if omitted == choices.count || (omitted > 0 && !isSealed) { continue }
            check(path, rel, entry, isSymlink: kind == .symlink)
        }
    }

    private mutating func checkNested(_ path: BundlePath, _ rel: [UInt8]) {
        let rel = BundlePath(bytes: rel)
        guard let entry = sealed[rel] else {
            found.append(SealDiscrepancy(kind: .nestedUnsealed, path: path))
            return
        }
        seen.insert(rel)
        if case .nested = entry {
            unverified += 1
        } else {
            found.append(SealDiscrepancy(kind: .kindChanged, path: path))
        }
    }

    private mutating func check(_ path: BundlePath, _ rel: [UInt8], _ recorded: FileEntry?, isSymlink: Bool) {
        let rel = BundlePath(bytes: rel)
        guard let entry = sealed[rel] else {
            found.append(SealDiscrepancy(kind: .added, path: path))
            return
        }
        seen.insert(rel)
        switch entry {
        case .file(let digest, _):
            guard !isSymlink else { return found.append(SealDiscrepancy(kind: .kindChanged, path: path)) }
            guard let digest, let actual = recorded?.sha256 else {
                unverified += 1
                return
            }
            checked += 1
            if actual.bytes != digest { found.append(SealDiscrepancy(kind: .changed, path: path)) }
        case .symlink(let target, _):
            guard isSymlink else {
                return found.append(SealDiscrepancy(kind: .kindChanged, path: path, sealedTarget: target))
            }
            checked += 1
            let actual = recorded?.symlinkTarget ?? []
            if actual != Array(target.utf8) {
                found.append(SealDiscrepancy(kind: .symlinkTarget, path: path, sealedTarget: target, foundTarget: actual))
            }
        case .nested:
            guard !isSymlink else { return found.append(SealDiscrepancy(kind: .kindChanged, path: path)) }
            unverified += 1
        case .malformed:
            found.append(SealDiscrepancy(kind: .kindChanged, path: path))
        }
    }
}
