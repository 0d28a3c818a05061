import BundleModel
import Comparison

/// One bundle's line in a report's summary: versions, file counts and bytes before and
/// after, and its languages. Every reporter shows the same numbers.
public struct BundleSummary: Sendable, Hashable {
    public var name: String
    public var status: BundleComparison.Status
    public var old: BundleInfo?
    public var new: BundleInfo?
    /// A removed bundle's replacement, or the bundle an added one replaced (names).
    public var replacedBy: String?
    public var replaces: String?
    public var filesAdded: Int
    public var filesRemoved: Int
    public var filesModified: Int
    /// Old files a move accounts for (listed with the moves, not as removed).
    public var filesMovedAway: Int
    /// New files a move accounts for (listed with the moves, not as added).
    public var filesMovedHere: Int
    /// Bytes of the files directly in the bundle (nested bundles excluded).
    public var oldBytes: UInt64
    public var newBytes: UInt64
    /// The bundle's languages on the side that exists (the new one when both do).
    public var languages: [String]
    public var languagesAdded: [String]
    public var languagesRemoved: [String]
    public var languagesRenamed: [LocalizationRename]

    /// `removed`, `added`, `matched`; with the replacement when there is one
    /// (`removed, replaced by com.example.new`).
    public var statusText: String {
        status.rawValue + (replacedBy.map { ", replaced by \($0)" } ?? "") + (replaces.map { ", replaces \($0)" } ?? "")
    }

    public var bytesDelta: Int64 { Int64(clamping: newBytes) &- Int64(clamping: oldBytes) }

    /// The summaries of every bundle in the comparison, in its order.
    public static func all(_ c: BuildComparison) -> [BundleSummary] {
        c.bundles.map { b in
            BundleSummary(name: b.name, status: b.status, old: b.old, new: b.new, replacedBy: b.replacedBy,
                          replaces: b.replaces,
                          filesAdded: b.files.added.count, filesRemoved: b.files.removed.count,
                          filesModified: b.files.modified.count, filesMovedAway: b.files.movedAway.count,
                          filesMovedHere: b.files.movedHere.count,
                          oldBytes: bytes(of: b.old, in: c.oldIndex), newBytes: bytes(of: b.new, in: c.newIndex),
                          languages: (b.new ?? b.old)?.localizations ?? [], languagesAdded: b.localizationsAdded,
                          languagesRemoved: b.localizationsRemoved, languagesRenamed: b.localizationsRenamed)
        }
    }

    /// Bytes of the files directly in a bundle (nested bundles excluded).
    static func bytes(of bundle: BundleInfo?, in index: SnapshotIndex) -> UInt64 {
        guard let bundle else { return 0 }
        return index.fileBytes(of: bundle)
    }
}
