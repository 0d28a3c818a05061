import BundleModel
import Comparison
import MachO

/// One Mach-O file both builds have at the same place in a matched bundle.
struct BinaryFilePair {
    /// The bundle's name in findings.
    var name: String
    /// The file's path in the old build and in the new one.
    var oldPath: BundlePath, path: BundlePath
    /// Its facts on each side.
    var old: MachOFile, new: MachOFile
    /// Whether the comparison classified the change as a new signature only (`resigned`).
    var isResigned: Bool
}

extension BinaryPairs {
    /// Every Mach-O file a matched bundle holds directly (its executable, loose dylibs in
    /// `Frameworks/`, helper tools) at the same path relative to the bundle in both builds,
    /// with facts on both sides. Builds recorded without Mach-O facts give none.
    static func files(_ context: RuleContext) -> [BinaryFilePair] {
        let oldFacts = context.oldIndex.snapshot.machO, newFacts = context.newIndex.snapshot.machO
        guard !oldFacts.isEmpty, !newFacts.isEmpty else { return [] }
        var out: [BinaryFilePair] = []
        for b in context.comparison.bundles {
            guard let o = b.old, let n = b.new else { continue }
            let resigned = Set(b.signatureNoise.filter { $0.kind == .resigned }.map(\.path))
            for entry in context.newIndex.files(of: n) {
                guard let new = newFacts[entry.path], let rel = entry.path.relative(to: n.path), !rel.isRoot else { continue }
                let oldPath = o.path.isRoot ? rel : o.path.appending(rel.bytes)
                guard let old = oldFacts[oldPath] else { continue }
                out.append(BinaryFilePair(name: b.name, oldPath: oldPath, path: entry.path, old: old, new: new,
                                          isResigned: resigned.contains(entry.path)))
            }
        }
        return out.sorted { $0.path < $1.path }
    }

    /// Every Mach-O file both builds have facts for: each bundle's main executable (paired
    /// by bundle, so a renamed executable still pairs), then the other files `files` pairs
    /// (a nested framework's binary, a loose dylib, a helper tool).
    static func allPairs(_ context: RuleContext) -> [(name: String, path: BundlePath, old: MachOFile, new: MachOFile)] {
        var out = pairs(context).map { (name: $0.name, path: $0.path, old: $0.old, new: $0.new) }
        let seen = Set(out.map(\.path))
        for f in files(context) where !seen.contains(f.path) { out.append((f.name, f.path, f.old, f.new)) }
        return out
    }

    /// The slices both files have, by architecture (static-library slices left out), in
    /// the new file's order.
    static func commonSlices(_ old: MachOFile, _ new: MachOFile) -> [(old: MachOSlice, new: MachOSlice)] {
        var before: [String: MachOSlice] = [:]
        for s in old.slices where !s.isStaticArchive { before[s.architecture] = before[s.architecture] ?? s }
        return new.slices.compactMap { s in
            guard !s.isStaticArchive, let o = before[s.architecture] else { return nil }
            return (o, s)
        }
    }

    /// The signatures of the first architecture both files have that is signed on both
    /// sides (entitlements and signing identity are the same for every slice of a build).
    static func signatures(_ old: MachOFile, _ new: MachOFile) -> (old: MachOCodeSignature, new: MachOCodeSignature)? {
        for (o, n) in commonSlices(old, new) {
            if let a = o.codeSignature, let b = n.codeSignature { return (a, b) }
        }
        return nil
    }
}
