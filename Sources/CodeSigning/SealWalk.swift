import BundleModel
import PropertyLists

/// One bundle's seal evaluation (see `SealEvaluator`).
struct SealWalk {
    let bundle: BundleInfo
    let codeResources: BundlePath
    let entries: [BundlePath: FileEntry]
    /// Where the walk starts: the bundle, or a framework's version folder.
    let root: BundlePath
    /// What sealed paths are relative to (`root` or `root/Contents`).
    let base: BundlePath
    private var sealed: [[UInt8]: SealEntry] = [:]
    private var seen: Set<[UInt8]> = []
    private var found: [SealDiscrepancy] = []
    private var checked = 0
    private var unverified = 0

    init(bundle: BundleInfo, codeResources: BundlePath, entries: [BundlePath: FileEntry]) {
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
            sealed[Array(key.utf8)] = entry
        }
        var budget = budget
        do {
            try walk(rules, budget: &budget)
        } catch {
            return result(.tooCostly(limit: error.limit))
        }
        for (key, entry) in sealed where !seen.contains(key) && !entry.isOptional {
            if case .nested = entry {
                found.append(SealDiscrepancy(kind: .nestedMissing, path: path(of: key)))
            } else {
                found.append(SealDiscrepancy(kind: .missing, path: path(of: key)))
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
    /// before their children, as `fts` visits them.
    private func tree() -> [(BundlePath, FileEntry.Kind)] {
        var kinds: [BundlePath: FileEntry.Kind] = [:]
        for (path, entry) in entries where path != root && path.isWithin(root) {
            kinds[path] = entry.kind
            var parent = path.parent
            while parent != root, parent.isWithin(root), kinds[parent] == nil {
                kinds[parent] = .directory
                parent = parent.parent
            }
        }
        return kinds.map { ($0.key, $0.value, $0.key.components) }
            .sorted { $0.2.lexicographicallyPrecedes($1.2) { $0.lexicographicallyPrecedes($1) } }
            .map { ($0.0, $0.1) }
    }

    private mutating func walk(_ rules: SealRules, budget: inout MatchBudget) throws(MatchBudget.Exceeded) {
        var skipped: Set<BundlePath> = []
        for (path, kind) in tree() {
            if skipped.contains(path.parent) {
                if kind == .directory { skipped.insert(path) }
                continue
            }
            let rel = sealedPath(path)
            let choices = try rules.decide(rel, budget: &budget)
            guard !choices.isEmpty else { continue }
            if choices.contains(.exclusion) {
                if kind == .directory { skipped.insert(path) }
                continue
            }
            // On a tie the seal itself shows which rule the signer applied.
            let isSealed = sealed[rel] != nil
            if kind == .directory {
                let nested = choices.filter { $0.contains(.nested) }.count
                guard nested > 0, path.name.contains(UInt8(ascii: ".")) else { continue }
                if nested == choices.count || { if case .nested? = sealed[rel] { true } else { false } }() {
                    skipped.insert(path)
                    checkNested(path, rel)
                }
                continue
            }
            let omitted = choices.filter { $0.contains(.omitted) }.count
            if omitted == choices.count || (omitted > 0 && !isSealed) { continue }
            check(path, rel, isSymlink: kind == .symlink)
        }
    }

    private mutating func checkNested(_ path: BundlePath, _ rel: [UInt8]) {
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

    private mutating func check(_ path: BundlePath, _ rel: [UInt8], isSymlink: Bool) {
        guard let entry = sealed[rel] else {
            found.append(SealDiscrepancy(kind: .added, path: path))
            return
        }
        seen.insert(rel)
        let recorded = entries[path]
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
