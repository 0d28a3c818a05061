import BundleModel

/// Links a removed nested bundle to the added one that replaced it, when the builds say so.
///
/// The evidence, all required: both are the same kind of bundle (`.framework`, `.appex`, …)
/// directly inside the same bundle (matched on both sides); and the added one holds at
/// least two, and at least half, of the removed one's distinct resource contents (files
/// outside its structure, by SHA-256). A shared license or an empty `InfoPlist.strings`
/// alone is not a replacement; without the evidence the facts stay "A removed, B added".
/// Either way no file moves between the two: a replacement is a bundle-level fact.
enum BundleReplacement {
    static func link(_ bundles: inout [BundleComparison], old: SnapshotIndex, new: SnapshotIndex) {
        var newParent: [BundlePath: BundlePath] = [:]
        for b in bundles where b.status == .matched {
            if let o = b.old, let n = b.new { newParent[o.path] = n.path }
        }
        var candidates = bundles.indices.filter { bundles[$0].status == .added }
        for i in bundles.indices where bundles[i].status == .removed {
            guard let gone = bundles[i].old, let parent = gone.parentPath.flatMap({ newParent[$0] }) else { continue }
            let contents = resourceContents(gone, old)
            guard contents.count >= 2 else { continue }
            var best: (index: Int, shared: Int)?
            for j in candidates {
                guard let came = bundles[j].new, came.parentPath == parent, came.kind == gone.kind else { continue }
                let shared = contents.intersection(resourceContents(came, new)).count
                if shared >= 2, shared * 2 >= contents.count, shared > best?.shared ?? 0 { best = (j, shared) }
            }
            guard let best else { continue }
            bundles[i].replacedBy = bundles[best.index].name
            bundles[best.index].replaces = bundles[i].name
            candidates.removeAll { $0 == best.index }
        }
    }

    private static func resourceContents(_ bundle: BundleInfo, _ index: SnapshotIndex) -> Set<SHA256Digest> {
        Set(index.files(of: bundle).filter { $0.kind == .file && $0.size > 0 && !BundleStructure.isStructural($0, of: bundle) }
            .compactMap(\.sha256))
    }
}
