import BundleModel
import BundleReading
@testable import Comparison
import Foundation
import SnapshotStore
import Testing
import TestSupport

/// Two recorded builds carry their folders' tree ids, and their comparison passes over
/// every folder the same on both sides (the joint tree walk). It must give the comparison
/// that looking at every file gives (the same builds without ids), and it must skip.
@Suite struct JointWalkTests {
    /// The builds without their folder ids: the comparison then looks at every file.
    /// `s` compared entry by entry: no folder ids, and entries of its own (a second build
    /// that names the first one's entries is passed over where the two name the same ones).
    static func full(_ s: BuildSnapshot) -> BuildSnapshot {
        var copy = s
        copy.folderIDs = [:]
        copy.entries = EntryList(s.entries.array.map { $0 })
        return copy
    }

    /// The two comparisons agree, and the walk passed over at least `skipped` old files.
    static func expectSameAsFull(_ old: BuildSnapshot, _ new: BuildSnapshot, skipped atLeast: Int,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let walked = Comparer.compare(old: old, new: new)
        let full = Comparer.compare(old: full(old), new: full(new))
        #expect(walked == full, sourceLocation: sourceLocation)
        #expect(walked.bundles.map(\.files) == full.bundles.map(\.files), sourceLocation: sourceLocation)
        #expect(walked.moves == full.moves && walked.outsideBundles == full.outsideBundles, sourceLocation: sourceLocation)
        #expect(skippedFiles(old, new) >= atLeast, sourceLocation: sourceLocation)
    }

    /// Old files the walk passes over, over every matched bundle and outside bundles.
    static func skippedFiles(_ old: BuildSnapshot, _ new: BuildSnapshot) -> Int {
        guard let shared = SharedFolders(old: old, new: new) else { return 0 }
        let oldIndex = SnapshotIndex(old), newIndex = SnapshotIndex(new)
        var skipped = Comparer.fileChanges(old: oldIndex.outsideFiles, under: .root, new: newIndex.outsideFiles,
                                           under: .root, shared: shared).skipped
        for pair in BundleMatcher.match(old: oldIndex, new: newIndex) {
            guard let o = pair.old, let n = pair.new else { continue }
            skipped += Comparer.fileChanges(old: oldIndex.files(of: o), under: o.path, new: newIndex.files(of: n),
                                            under: n.path, shared: shared).skipped
        }
        return skipped
    }

    static func recordedPair(_ scratch: ScratchDirectory, _ oldApp: FixtureBuilder, _ newApp: FixtureBuilder)
        throws -> (old: BuildSnapshot, new: BuildSnapshot) {
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let a = try store.record(try BuildReader.read(path: try oldApp.writeDirectory(in: try SharedReadTests.folder(scratch, "o"))),
                                 options: options(1_700_000_000)).build
        let b = try store.record(try BuildReader.read(path: try newApp.writeDirectory(in: try SharedReadTests.folder(scratch, "n"))),
                                 options: options(1_700_000_060)).build
        // Read the way `diff` reads: the new build after the old one, through one store.
        let reading = try HistoryStore.open(at: repo, create: false)
        return (try reading.snapshot(of: a), try reading.snapshot(of: b))
    }

    /// A moved folder, a folder replaced by a file, a nested bundle added inside a folder
    /// whose other files are unchanged, and unchanged folders passed over.
    @Test func walkedComparisonEqualsTheFullOneOnFixtures() throws {
        let scratch = try ScratchDirectory()
        let (oldApp, newApp) = SharedReadTests.pair()
        let (old, new) = try Self.recordedPair(scratch, oldApp, newApp)
        #expect(!old.folderIDs.isEmpty && !new.folderIDs.isEmpty)
        // Kept/ (20 files) and the unchanged `.lproj` folders at least.
        Self.expectSameAsFull(old, new, skipped: 20)
        let comparison = Comparer.compare(old: old, new: new)
        #expect(comparison.moves.contains { $0.kind == .folder && $0.from.isWithin(BundlePath("MyApp.app/Assets")) })
        #expect(comparison.bundles.contains { $0.status == .added && $0.new?.path == BundlePath("MyApp.app/Extras/Deep/Helper.bundle") })
        #expect(comparison.bundles.contains { $0.files.added.contains { $0.path == BundlePath("MyApp.app/Replaced") } })
        // And the other way round.
        Self.expectSameAsFull(new, old, skipped: 20)
        // The same build on both sides: every folder but the app's own (it holds nested
        // bundles) is passed over, nested bundles whole; nothing changed.
        Self.expectSameAsFull(new, new, skipped: 50)
        #expect(Comparer.compare(old: new, new: new).isEmpty)
    }

    /// A folder whose tree is the same on both sides but that is a bundle on one side only
    /// (bundle detection differs between the recordings): never passed over.
    @Test func aNestedBundleAddedInsideAnUnchangedFolderIsSeen() throws {
        let scratch = try ScratchDirectory()
        let (_, newApp) = SharedReadTests.pair()
        let (_, new) = try Self.recordedPair(scratch, newApp, newApp)
        let helper = BundlePath("MyApp.app/Extras/Deep/Helper.bundle")
        var old = new
        old.bundles.removeAll { $0.path == helper }
        #expect(old.folderIDs[helper] != nil && old.folderIDs[helper] == new.folderIDs[helper])
        Self.expectSameAsFull(old, new, skipped: 20)
        let comparison = Comparer.compare(old: old, new: new)
        #expect(comparison.bundles.contains { $0.status == .added && $0.new?.path == helper })
        #expect(comparison.bundles.contains { b in b.files.removed.contains { $0.path.isWithin(helper) } })
        Self.expectSameAsFull(new, old, skipped: 20)
    }

    /// Entries two lists name in the same array are passed over unlooked at only below one
    /// root: the same file below two different roots lies at two relative paths (a bundle
    /// moved into its own nested one), and the merge must see it removed and added.
    @Test func sameEntriesArePassedOverBelowOneRootOnly() {
        let base = EntryList(["A.app/B.app/x", "A.app/B.app/y"].map { FileEntry(path: BundlePath($0), kind: .file, size: 1) })
        let both = base.sublist([0, 1])
        let same = Comparer.fileChanges(old: both, under: BundlePath("A.app"), new: both, under: BundlePath("A.app"))
        #expect(same.changes.isEmpty && same.skipped == 2)
        let moved = Comparer.fileChanges(old: both, under: BundlePath("A.app"), new: both, under: BundlePath("A.app/B.app"))
        #expect(moved.changes.removed.count == 2 && moved.changes.added.count == 2 && moved.skipped == 0)
        // A list of its own (no positions) shares nothing with a list drawn from it.
        let own = Comparer.fileChanges(old: base, under: BundlePath("A.app"), new: both, under: BundlePath("A.app"))
        #expect(own.changes.isEmpty && own.skipped == 0)
    }

    /// Builds read from disk carry no ids: nothing is passed over.
    @Test func buildsReadFromDiskAreComparedWhole() throws {
        let scratch = try ScratchDirectory()
        let (oldApp, newApp) = SharedReadTests.pair()
        let old = try BuildReader.read(path: try oldApp.writeDirectory(in: try SharedReadTests.folder(scratch, "o")))
        let new = try BuildReader.read(path: try newApp.writeDirectory(in: try SharedReadTests.folder(scratch, "n")))
        #expect(old.folderIDs.isEmpty)
        #expect(Self.skippedFiles(old, new) == 0)
    }

    /// The walk trusts the ids: a folder given the same id on both sides is not looked at
    /// (which is why only the history reader fills them).
    @Test func aFolderWithTheSameIDIsNotLookedAt() {
        func snapshot(_ content: String) -> BuildSnapshot {
            let app = BundlePath("A.app"), res = BundlePath("A.app/Res")
            let file = FileEntry(path: BundlePath("A.app/Res/x.txt"), kind: .file, size: UInt64(content.utf8.count),
                                 sha256: SHA256Digest.of(Array(content.utf8)))
            var s = BuildSnapshot(sourceKind: .directory, sourceName: "t",
                                  entries: [FileEntry(path: app, kind: .directory), FileEntry(path: res, kind: .directory), file],
                                  plists: [:], bundles: [BundleInfo(path: app, kind: .app, layout: .flat,
                                                                    infoPlistPath: app.appending("Info.plist"), resourcesPath: app)])
            s.folderIDs = [res: [1, 2, 3], app: Array(content.utf8)]
            return s
        }
        let old = snapshot("one"), new = snapshot("two")
        #expect(Comparer.compare(old: old, new: new).isEmpty)
        #expect(!Comparer.compare(old: Self.full(old), new: Self.full(new)).isEmpty)
    }
}

/// The same on the real-world corpus: every two consecutive readable inputs of a set,
/// recorded and read back, compared walking and whole.
@Suite struct CorpusJointWalkTests {
    @Test(.enabled(if: CorpusTests.corpusRoot != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func walkedComparisonEqualsTheFullOneOnTheCorpus() throws {
        let root = try #require(CorpusTests.corpusRoot)
        let inputs = try CorpusTests.inputs(root: root).filter { CorpusTests.expectedFailures[$0.relative] == nil }
        let scratch = try ScratchDirectory("corpus-walk")
        let repo = scratch.path("history.git")
        let store = try HistoryStore.open(at: repo, create: true)
        var time: Int64 = 1_600_000_000
        var recorded: [(set: String, build: RecordedBuild)] = []
        for input in inputs {
            time += 60
            recorded.append((input.set, try store.record(try BuildReader.read(path: input.path), options: options(time)).build))
        }
        var pairs = 0, skipped = 0
        for (a, b) in zip(recorded, recorded.dropFirst()) where a.set == b.set {
            let reading = try HistoryStore.open(at: repo, create: false)
            let old = try reading.snapshot(of: a.build), new = try reading.snapshot(of: b.build)
            JointWalkTests.expectSameAsFull(old, new, skipped: 0)
            JointWalkTests.expectSameAsFull(new, old, skipped: 0)
            skipped += JointWalkTests.skippedFiles(old, new)
            pairs += 1
        }
        #expect(pairs > 20)
        #expect(skipped > 0, "no folder was passed over between consecutive corpus builds")
        print("corpus: \(pairs) pairs compared walking, \(skipped) old files passed over")
    }

    /// The index's owners (each bundle's run of entries painted, outermost first) are the
    /// innermost bundles `InnermostBundleCache` finds entry by entry, on every corpus input.
    @Test(.enabled(if: CorpusTests.corpusRoot != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func indexOwnersAreTheInnermostBundlesOnTheCorpus() throws {
        var checked = 0
        try Self.eachCorpusBuild { relative, snapshot in
            let index = SnapshotIndex(snapshot)
            var innermost = InnermostBundleCache(bundles: Set(index.bundles.map(\.path)))
            for entry in snapshot.entries {
                let expected = entry.path.isRoot ? nil : innermost.innermost(entry.path.parent)
                #expect(index.owner(of: entry.path)?.path == expected, "\(relative): \(entry.path)")
                checked += 1
            }
        }
        #expect(checked > 3_000)
    }

    /// Each corpus input that reads (not an expected failure), read from disk.
    static func eachCorpusBuild(_ body: (String, BuildSnapshot) throws -> Void) throws {
        let root = try #require(CorpusTests.corpusRoot)
        for input in try CorpusTests.inputs(root: root) where CorpusTests.expectedFailures[input.relative] == nil {
            try body(input.relative, try BuildReader.read(path: input.path))
        }
    }

    /// Each bundle's localized files, read from the `.lproj` folders a first index kept in
    /// the build's facts, are the ones a pass over its files finds, on every corpus input.
    @Test(.enabled(if: CorpusTests.corpusRoot != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func keptLocalizationFoldersGiveTheSameFilesOnTheCorpus() throws {
        var folders = 0
        try Self.eachCorpusBuild { relative, read in
            var snapshot = read
            let found = SnapshotIndex(snapshot)
            let facts = MemoryFacts()
            snapshot.facts = facts
            _ = SnapshotIndex(snapshot).findingLocalizedFiles()
            #expect(facts.names == [SnapshotIndex.localizationFoldersFactsName], "\(relative)")
            let kept = SnapshotIndex(snapshot).findingLocalizedFiles()
            for bundle in found.bundles {
                #expect(kept.localizedFiles(of: bundle) == found.localizedFiles(of: bundle), "\(relative): \(bundle.path)")
                folders += found.localizationFolders(of: bundle).count
            }
        }
        #expect(folders > 100)
    }
}
