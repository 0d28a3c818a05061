import BundleModel
import PropertyLists

extension NameKeys {
    /// The name of a build's kept keys in its facts (`BuildFacts`): the layout's. A change
    /// to `key(of:)` must change it, or a kept build would be read with the old keys.
    static let factsName = "name-keys-1"

    /// A recorded build's keys, read from its facts when an earlier command kept them, else
    /// made by `make` and kept there, so that the next command reading the build (its next
    /// diff, where it is the old build) reads 4 bytes an entry instead of every name. A build
    /// read from disk has no facts: its keys are made. Kept on this thread (`keepHere`): a
    /// diff makes them on the other core, beside the comparison, and a write handed on from
    /// there started a third thread, whose heap added 4 MiB to the peak.
    static func kept(for sorted: EntryList, in facts: (any BuildFacts)?, make: () -> NameKeys) -> NameKeys {
        if let bytes = facts?.bytes(named: factsName), let kept = NameKeys(encoded: bytes, count: sorted.count) {
            return kept
        }
        let made = make()
        facts?.keepHere(made.encoded, named: factsName)
        return made
    }

    /// The keys as kept: each a little-endian `UInt32`, in entry order.
    var encoded: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(keys.count * 4)
        for key in keys { out.appendLittleEndian(key) }
        return out
    }

    /// Keys read back from `encoded`; nil unless they are `count` keys. Read in place, not
    /// through `ByteReader` a byte at a time: a diff reads both builds' keys on its way.
    init?(encoded bytes: [UInt8], count: Int) {
        guard bytes.count == count * 4 else { return nil }
        keys = bytes.withUnsafeBytes { raw in
            (0..<count).map { UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) }
        }
    }
}
