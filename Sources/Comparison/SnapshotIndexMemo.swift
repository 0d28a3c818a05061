import BundleModel

/// What a `SnapshotIndex` works out on first need and keeps:
/// - each bundle's `.lproj` folders with their files (asked for by the comparison, each
///   parity rule's bundle and the localization matrix, on both sides);
/// - each entry's name key (`NameKeys`), for the check rules that look for a few names
///   across the build;
/// - how many files come before each sorted entry (`SnapshotIndex.fileCount(below:)`, for
///   move aggregation).
///
/// Shared by the copies of the index, and safe to ask from two threads: the rules run on
/// both cores.
final class SnapshotIndexMemo: Sendable {
    private let localized = OnceCache<BundlePath, [BundlePath: [FileEntry]]>()
    private let names = OnceCache<Bool, NameKeys>()
    private let filesBefore = OnceCache<Bool, [Int32]>()

    func nameKeys(_ make: () -> NameKeys) -> NameKeys { names.value(true, make: make) }

    func filesBefore(_ make: () -> [Int32]) -> [Int32] { filesBefore.value(true, make: make) }

    func localizedFiles(of bundle: BundlePath, _ make: () -> [BundlePath: [FileEntry]]) -> [BundlePath: [FileEntry]] {
        localized.value(bundle, make: make)
    }
}
