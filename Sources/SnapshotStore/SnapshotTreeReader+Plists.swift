import BundleModel
import Git
import PropertyLists

/// The `plists/` part of a read: a walk reads each property list's canonical text (and
/// leaves a placeholder in `memo.plists`), the texts are parsed apart, on the other core
/// while the files are walked, and then put in place.
extension SnapshotTreeReader {
    /// Parses each text, in order: the first that does not parse names the read corrupt.
    /// Touches no repository: safe on another thread.
    static func parse(_ unparsed: [SnapshotTreeMemo.UnparsedPlist]) throws(Corrupt) -> [DecodedPlist] {
        var out: [DecodedPlist] = []
        out.reserveCapacity(unparsed.count)
        for plist in unparsed {
            do {
                out.append(try CanonicalText.parse(String(decoding: plist.text, as: UTF8.self)))
            } catch {
                throw Corrupt(message: "plists/\(plist.path) cannot be parsed: \(error)")
            }
        }
        return out
    }

    /// Puts `parsed` (the parses of `unparsed`, in order) in place of the placeholders, and
    /// keeps the walked `plists/` tree `tree` in the cache for the next process.
    func keepPlists(_ tree: ObjectID, parsed: [DecodedPlist], of unparsed: [SnapshotTreeMemo.UnparsedPlist],
                    into memo: inout SnapshotTreeMemo) {
        for (plist, value) in zip(unparsed, parsed) { memo.plists[plist.index].plist = value }
        guard let cache else { return }
        let written = memo
        cache.writeLater(SnapshotTreeMemo.cacheKey(plists: tree), making: { written.encodedPlists() })
    }

    /// Puts the `plists/` part of the snapshot `tree`, just recorded, in the cache (when it
    /// is not there yet), as a read of it would: the walk reads the trees only, and takes
    /// each property list from `plists` (the recording's decoded values), which is what
    /// parsing its canonical text gives back (`CanonicalText.readsBackExactly`; one that
    /// would not is parsed). The first `diff` after a recording then parses none: an app's
    /// seal, one entry for each of its files, was most of that diff.
    func cacheRecordedPlists(tree: ObjectID, plists: [BundlePath: DecodedPlist]) throws(Corrupt) {
        guard let cache else { return }
        guard let part = Self.part("plists", of: try entries(of: tree)) else {
            throw Corrupt(message: "tree \(tree) is not a bundlediff snapshot")
        }
        guard !cache.contains(SnapshotTreeMemo.cacheKey(plists: part.id)) else { return }
        var memo = SnapshotTreeMemo()
        memo.recordedPlists = plists.filter { CanonicalText.readsBackExactly($0.value) }
        try folder(part.id, at: .root, area: .plists, previous: nil, into: &memo)
        memo.recordedPlists = [:]
        let unparsed = memo.unparsedPlists
        keepPlists(part.id, parsed: try Self.parse(unparsed), of: unparsed, into: &memo)
    }
}
