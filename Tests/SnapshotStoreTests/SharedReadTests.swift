import BundleModel
import BundleReading
import Comparison
import Foundation
@testable import SnapshotStore
import Testing
import TestSupport

/// Reading a build right after another one copies the folders both share (same path,
/// same tree) instead of reading them: the result must be the build a fresh read gives,
/// and the comparison the same as the one of the two builds read alone.
@Suite struct SharedReadTests {
    /// A base app with an unchanged resource folder, a folder that moves, a folder that
    /// becomes a file and a folder that gains a nested bundle (the rest of it unchanged).
    static func pair() -> (FixtureBuilder, FixtureBuilder) {
        var old = FixtureBuilder.iOSApp()
        for i in 0..<20 {
            old.setFile("MyApp.app/Kept/k\(i).bin", FixtureBuilder.bytes(100 + i, seed: UInt64(100 + i)))
            old.setFile("MyApp.app/Assets/Icons/i\(i).png", FixtureBuilder.bytes(50 + i, seed: UInt64(200 + i)))
        }
        old.setFile("MyApp.app/Replaced/a.txt", "a")
        old.setFile("MyApp.app/Replaced/sub/b.txt", "b")
        old.setFile("MyApp.app/Extras/readme.txt", "extras")
        old.setFile("MyApp.app/Extras/Deep/notes.txt", "notes")
        var new = old
        new.setFile("MyApp.app/Info.plist", FixtureBuilder.plist(
            ["CFBundleIdentifier": "com.example.myapp", "CFBundleExecutable": "MyApp", "CFBundlePackageType": "APPL",
             "CFBundleShortVersionString": "1.0", "CFBundleVersion": "2"]))
        // A moved folder: Assets/Icons → Art/Icons, content unchanged.
        for i in 0..<20 {
            new.remove("MyApp.app/Assets/Icons/i\(i).png")
            new.setFile("MyApp.app/Art/Icons/i\(i).png", FixtureBuilder.bytes(50 + i, seed: UInt64(200 + i)))
        }
        new.remove("MyApp.app/Assets")
        // A folder replaced by a file of the same name.
        new.remove("MyApp.app/Replaced")
        new.setFile("MyApp.app/Replaced", "now a file")
        // A nested bundle added inside a folder whose other files are unchanged.
        new.setFile("MyApp.app/Extras/Deep/Helper.bundle/Info.plist", FixtureBuilder.plist(
            ["CFBundleIdentifier": "com.example.helper", "CFBundlePackageType": "BNDL"]))
        new.setFile("MyApp.app/Extras/Deep/Helper.bundle/en.lproj/Localizable.strings",
                    FixtureBuilder.strings([("hello", "Hello")]))
        return (old, new)
    }

    @Test func sharedReadEqualsFreshReadOnFixtures() throws {
        let scratch = try ScratchDirectory()
        let (oldApp, newApp) = Self.pair()
        let old = try BuildReader.read(path: try oldApp.writeDirectory(in: try Self.folder(scratch, "old")))
        let new = try BuildReader.read(path: try newApp.writeDirectory(in: try Self.folder(scratch, "new")))
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let a = try store.record(old, options: options(1_700_000_000)).build
        let b = try store.record(new, options: options(1_700_000_060)).build
        let copied = try Self.expectSharedReadEqualsFresh(repo: repo, old: a, new: b)
        // The unchanged folders (Kept/, the .lproj folders, the nested bundles, the
        // plists beside them) are copied, not read.
        #expect(copied >= 20 + 6)
        // And both equal what was read from disk.
        let shared = try HistoryStore.open(at: repo, create: false)
        let readOld = try shared.snapshot(of: a), readNew = try shared.snapshot(of: b)
        #expect(readNew.entries == new.entries && readNew.plists == new.plists && readNew.bundles == new.bundles)
        #expect(Comparer.compare(old: readOld, new: readNew) == Comparer.compare(old: old, new: new).withSources(of: readOld, readNew))
        let comparison = Comparer.compare(old: readOld, new: readNew)
        #expect(comparison.moves.contains { $0.kind == .folder }, "\(comparison.moves)")
        #expect(comparison.bundles.contains { $0.status == .added && $0.new?.path == BundlePath("MyApp.app/Extras/Deep/Helper.bundle") })
    }

    /// Reads `old` then `new` through one store (sharing) and `new` alone through another;
    /// expects the same snapshot and the same comparison. Returns the entries copied.
    static func expectSharedReadEqualsFresh(repo: String, old: RecordedBuild, new: RecordedBuild,
                                            sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let shared = try HistoryStore.open(at: repo, create: false)
        let sharedOld = try shared.snapshot(of: old)
        let sharedNew = try shared.snapshot(of: new)
        let copied = shared.lastRead?.copied ?? 0
        let fresh = try HistoryStore.open(at: repo, create: false).snapshot(of: new)
        let freshOld = try HistoryStore.open(at: repo, create: false).snapshot(of: old)
        #expect(sharedNew.entries == fresh.entries, sourceLocation: sourceLocation)
        #expect(sharedNew.plists == fresh.plists, sourceLocation: sourceLocation)
        #expect(sharedNew.bundles == fresh.bundles, sourceLocation: sourceLocation)
        #expect(sharedNew.sourceKind == fresh.sourceKind && sharedNew.sourceName == fresh.sourceName,
                sourceLocation: sourceLocation)
        #expect(Comparer.compare(old: sharedOld, new: sharedNew) == Comparer.compare(old: freshOld, new: fresh),
                sourceLocation: sourceLocation)
        return copied
    }

    static func folder(_ scratch: ScratchDirectory, _ name: String) throws -> String {
        let path = scratch.path(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aFolderReadInOtherPlaceIsNotCopied() throws {
        // Two identical folders at different paths have the same tree id: the memo is
        // keyed by path, so the second build's folder gets its own paths.
        let scratch = try ScratchDirectory()
        var oldApp = FixtureBuilder.iOSApp(nested: false)
        oldApp.setFile("MyApp.app/A/x.txt", "same")
        var newApp = oldApp
        newApp.remove("MyApp.app/A")
        newApp.setFile("MyApp.app/B/x.txt", "same")
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let a = try store.record(try BuildReader.read(path: try oldApp.writeDirectory(in: try Self.folder(scratch, "o"))),
                                 options: options(1_700_000_000)).build
        let b = try store.record(try BuildReader.read(path: try newApp.writeDirectory(in: try Self.folder(scratch, "n"))),
                                 options: options(1_700_000_060)).build
        _ = try Self.expectSharedReadEqualsFresh(repo: repo, old: a, new: b)
        let shared = try HistoryStore.open(at: repo, create: false)
        _ = try shared.snapshot(of: a)
        #expect(try shared.snapshot(of: b).entries.contains { $0.path == BundlePath("MyApp.app/B/x.txt") })
    }
}

extension BuildComparison {
    /// The same comparison with the two builds' source names taken from other snapshots
    /// (a recorded build keeps its source name, a disk read names its folder).
    func withSources(of old: BuildSnapshot, _ new: BuildSnapshot) -> BuildComparison {
        var o = self.old, n = self.new
        o.sourceName = old.sourceName
        n.sourceName = new.sourceName
        return BuildComparison(old: o, new: n, bundles: bundles, moves: moves, outsideBundles: outsideBundles)
    }
}

/// The same on the real-world corpus: every two consecutive readable inputs of a set.
@Suite struct CorpusSharedReadTests {
    @Test(.enabled(if: CorpusTests.corpusRoot != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func sharedReadEqualsFreshReadOnTheCorpus() throws {
        let root = try #require(CorpusTests.corpusRoot)
        let inputs = try CorpusTests.inputs(root: root).filter { CorpusTests.expectedFailures[$0.relative] == nil }
        let scratch = try ScratchDirectory("corpus-shared")
        let repo = scratch.path("history.git")
        let store = try HistoryStore.open(at: repo, create: true)
        var time: Int64 = 1_600_000_000
        var recorded: [(set: String, build: RecordedBuild)] = []
        for input in inputs {
            time += 60
            let build = try store.record(try BuildReader.read(path: input.path), options: options(time)).build
            recorded.append((input.set, build))
        }
        var pairs = 0, copied = 0
        for (a, b) in zip(recorded, recorded.dropFirst()) where a.set == b.set {
            copied += try SharedReadTests.expectSharedReadEqualsFresh(repo: repo, old: a.build, new: b.build)
            pairs += 1
        }
        #expect(pairs > 20)
        #expect(copied > 0, "no folder was shared between consecutive corpus builds")
        print("corpus: \(pairs) pairs read shared, \(copied) entries copied")
    }
}
