import BundleModel
import PropertyLists

/// Separates signature-only changes from content changes, bundle by bundle (innermost first,
/// so a containing bundle knows whether a nested bundle's seal changed for real).
///
/// - `_CodeSignature/CodeResources` is *re-sealed* when every `files`/`files2` entry that
///   changed names a file whose content hash is the same on both sides (or a nested bundle
///   with no content change).
/// - An executable whose size is equal is *re-signed* when every other change in the
///   bundle is a signature file.
/// - Other `_CodeSignature/*` files and provisioning profiles are signature files.
struct SignatureNoiseClassifier {
    let oldIndex: SnapshotIndex
    let newIndex: SnapshotIndex

    func classify(_ bundles: inout [BundleComparison]) {
        let depths = bundles.map { $0.bundle?.path.depth ?? 0 }
        let order = bundles.indices.sorted { depths[$0] > depths[$1] }
        var contentChanged: [BundlePath: Bool] = [:]
        for i in order {
            if bundles[i].status == .matched, let o = bundles[i].old, let n = bundles[i].new {
                classify(&bundles[i], old: o, new: n, nestedChanged: contentChanged)
            }
            if let path = bundles[i].new?.path {
                contentChanged[path] = bundles[i].status != .matched || !bundles[i].files.isEmpty
                    || bundles[i].files.hasMoves
            }
        }
    }

    private func classify(_ b: inout BundleComparison, old: BundleInfo, new: BundleInfo, nestedChanged: [BundlePath: Bool]) {
        var noise: [SignatureNoise] = []
        var rest: [FileModification] = []
        for m in b.files.modified {
            guard let rel = m.new.path.relative(to: new.path) else {
                rest.append(m)
                continue
            }
            if rel.nameIs("CodeResources"), Self.isSignatureFile(rel) {
                if isReseal(m, old: old, new: new, nestedChanged: nestedChanged) {
                    noise.append(SignatureNoise(kind: .resealed, path: m.new.path, change: m))
                } else {
                    rest.append(m)
                }
            } else if Self.isSignatureFile(rel) {
                noise.append(SignatureNoise(kind: .signatureFile, path: m.new.path, change: m))
            } else {
                rest.append(m)
            }
        }
        // A binary signed again keeps its size, its mode and (where the Mach-O facts say)
        // its UUIDs: one that lost its executable bit, or was linked again, changed.
        let executables = rest.filter { m in
            m.old.kind == .file && m.new.kind == .file && m.old.size == m.new.size
                && m.old.isExecutable == m.new.isExecutable
                && (m.new.isExecutable || m.new.path.nameString == new.executable)
                && sameUUIDs(m)
        }
        let others = rest.count - executables.count
        let addedOrRemoved = (b.files.added + b.files.removed).contains { e in
            e.path.relative(to: new.path).map { !Self.isSignatureFile($0) } ?? true
        }
        if !executables.isEmpty, others == 0, !addedOrRemoved, b.plistChanges.isEmpty {
            noise += executables.map { SignatureNoise(kind: .resigned, path: $0.new.path, change: $0) }
            rest.removeAll()
        }
        b.files.modified = rest
        b.signatureNoise = noise.sorted { $0.path < $1.path }
    }

    /// Whether the two sides' Mach-O facts, where both have them, name the same UUIDs.
    private func sameUUIDs(_ m: FileModification) -> Bool {
        guard let a = oldIndex.snapshot.machO[m.old.path], let b = newIndex.snapshot.machO[m.new.path] else { return true }
        return a.slices.map(\.uuid) == b.slices.map(\.uuid)
    }

    /// `_CodeSignature/…`, `embedded.mobileprovision`, `embedded.provisionprofile`, or a
    /// legacy top-level `CodeResources`.
    static func isSignatureFile(_ rel: BundlePath) -> Bool {
        if rel.hasComponent("_CodeSignature") { return true }
        return rel.nameIs("embedded.mobileprovision") || rel.nameIs("embedded.provisionprofile")
            || (rel.nameIs("CodeResources") && rel.depth == 1)
    }

    private func isReseal(_ m: FileModification, old: BundleInfo, new: BundleInfo, nestedChanged: [BundlePath: Bool]) -> Bool {
        guard let x = oldIndex.snapshot.plists[m.old.path]?.document,
              let y = newIndex.snapshot.plists[m.new.path]?.document else { return false }
        // Two seals read back from the derived cache and not decoded yet (an app's lists
        // each of its files): the keys that differ are found in their encodings.
        if let a = x.undecodedRoot, let b = y.undecodedRoot,
           let keys = a.withUnsafeBytes({ a in b.withUnsafeBytes { PlistEncoding.differingKeys(at: ["files", "files2"], a, $0) } }) {
            return keys.allSatisfy { contentUnchanged($0, old: old, new: new, nestedChanged: nestedChanged) }
        }
        let a = x.root, b = y.root
        for table in ["files", "files2"] {
            let x = a[table]?.dictionaryValue ?? PlistDictionary(), y = b[table]?.dictionaryValue ?? PlistDictionary()
            // The keys whose values differ: those of the old seal looked up in the new one,
            // then the new seal's own (an app's seal holds a key for each of its files; a set
            // of both sides' keys hashed each of them twice more).
            for (key, value) in x.entries where y[key] != value {
                if !contentUnchanged(key, old: old, new: new, nestedChanged: nestedChanged) { return false }
            }
            for key in y.keys where x[key] == nil {
                if !contentUnchanged(key, old: old, new: new, nestedChanged: nestedChanged) { return false }
            }
        }
        return true
    }

    private func contentUnchanged(_ key: String, old: BundleInfo, new: BundleInfo, nestedChanged: [BundlePath: Bool]) -> Bool {
        for (oldRoot, newRoot) in [(old.contentRoot, new.contentRoot), (old.resourcesPath, new.resourcesPath)] {
            let o = oldRoot.appending(key), n = newRoot.appending(key)
            if let changed = nestedChanged[n] { return !changed }
            if let eo = oldIndex.entry(at: o), let en = newIndex.entry(at: n) {
                return eo.kind == en.kind && eo.sha256 == en.sha256 && eo.symlinkTarget == en.symlinkTarget
            }
        }
        return false
    }
}
