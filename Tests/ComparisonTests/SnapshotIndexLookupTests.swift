import BundleModel
@testable import Comparison
import Testing
import TestSupport

/// `SnapshotIndex.owner(of:)` and `fileCount(below:)` answer by binary search over the
/// sorted entries: names that sort between a folder and its files (`A.b`, `A-b` before
/// `A/`) must not be counted or confused.
@Suite struct SnapshotIndexLookupTests {
    static let build = TestBuild(app: "A.app")
        .bundle("A.app/F.framework", kind: .framework, id: "com.example.f")
        .files(["A.app/R/x.txt": "x", "A.app/R/s/y.txt": "y", "A.app/R.b": "rb", "A.app/R-b/z.txt": "z",
                "A.app/R0": "r0", "A.app/F.framework/F": "f", "loose.txt": "l"])

    @Test func fileCountsBelowAFolder() {
        let index = SnapshotIndex(Self.build.snapshot)
        #expect(index.fileCount(below: BundlePath("A.app/R")) == 2)
        #expect(index.fileCount(below: BundlePath("A.app/R-b")) == 1)
        #expect(index.fileCount(below: BundlePath("A.app")) == 6)
        #expect(index.fileCount(below: BundlePath("A.app/missing")) == 0)
        #expect(index.fileCount(below: .root) == 7)
        // Counted in place (short runs) or from the whole build's running count (runs that
        // hold more than a quarter of it): the same answers, one folder or all together.
        let entries = Self.build.snapshot.entries
        let folders = entries.filter { $0.kind == .directory && !$0.path.isRoot }.map(\.path) + [BundlePath("A.app/missing")]
        let together = index.fileCounts(below: folders)
        for folder in folders {
            let expected = entries.filter { $0.kind != .directory && $0.path != folder && $0.path.isWithin(folder) }.count
            #expect(together[folder] == expected && index.fileCount(below: folder) == expected, "\(folder)")
        }
    }

    /// Each bundle's bytes, summed while the index is made, are those of its own files
    /// (nested bundles apart), saturating where sizes claim too much.
    @Test func bundleBytesAreTheirOwnFiles() {
        var snapshot = Self.build.snapshot
        let index = SnapshotIndex(snapshot)
        for bundle in index.bundles {
            let own = index.files(of: bundle).reduce(UInt64(0)) { $1.addingFileBytes(to: $0) }
            #expect(index.fileBytes(of: bundle) == own)
        }
        let app = index.bundle(at: BundlePath("A.app"))!
        #expect(index.fileBytes(of: app) > 0)
        snapshot.entries = EntryList(snapshot.entries.map { entry in
            var entry = entry
            if entry.path == BundlePath("A.app/R0") { entry.size = .max }
            return entry
        })
        #expect(SnapshotIndex(snapshot).fileBytes(of: app) == .max)
    }

    @Test func ownersOfEntriesOnlyInAnyOrder() {
        var snapshot = Self.build.snapshot
        let sorted = SnapshotIndex(snapshot)
        snapshot.entries = EntryList(snapshot.entries.reversed())
        let reversed = SnapshotIndex(snapshot)
        for index in [sorted, reversed] {
            #expect(index.owner(of: BundlePath("A.app/R/s/y.txt"))?.path == BundlePath("A.app"))
            #expect(index.owner(of: BundlePath("A.app/F.framework/F"))?.path == BundlePath("A.app/F.framework"))
            #expect(index.owner(of: BundlePath("A.app/F.framework"))?.path == BundlePath("A.app"))
            #expect(index.owner(of: BundlePath("loose.txt")) == nil)
            #expect(index.owner(of: BundlePath("A.app/R/nothing.txt")) == nil)
            #expect(index.fileCount(below: BundlePath("A.app/R")) == 2)
        }
    }

    /// Every entry's owner is the innermost bundle holding its folder (`InnermostBundleCache`,
    /// the one rule), whether the folders have entries of their own or not: the index takes
    /// a folder's owner from the folder entry just before its first file when there is one.
    @Test func ownersFollowTheInnermostBundleRule() {
        let build = TestBuild(app: "A.app")
            .bundle("A.app/PlugIns/X.appex", kind: .appex, id: "com.example.x")
            .bundle("A.app/PlugIns/X.appex/Frameworks/G.framework", kind: .framework, id: "com.example.g")
            .bundle("A.app/F.framework", kind: .framework, id: "com.example.f")
            .files(["A.app/R/x.txt": "x", "A.app/R/s/y.txt": "y", "A.app/PlugIns/X.appex/X": "x",
                    "A.app/PlugIns/X.appex/Frameworks/G.framework/G": "g", "A.app/PlugIns/X.appex/R/z": "z",
                    "A.app/PlugIns/Y/y": "y", "A.app/F.framework/F": "f", "A.app/F.frameworkX/w": "w",
                    "A.app/Z/q": "q", "loose/l.txt": "l"])
        let full = build.snapshot
        var implicit = full
        implicit.entries = EntryList(implicit.entries.filter { $0.kind != FileEntry.Kind.directory })
        var someMissing = full
        someMissing.entries = EntryList(someMissing.entries.filter { !($0.kind == FileEntry.Kind.directory && $0.path.depth % 2 == 0) })
        for snapshot in [full, implicit, someMissing] {
            var rule = InnermostBundleCache(bundles: Set(snapshot.bundles.map(\.path)))
            let index = SnapshotIndex(snapshot)
            for entry in snapshot.entries where !entry.path.isRoot {
                #expect(index.owner(of: entry.path)?.path == rule.innermost(entry.path.parent), "\(entry.path)")
            }
        }
        #expect(full.entries.contains { $0.kind == FileEntry.Kind.directory && $0.path == BundlePath("A.app/PlugIns/X.appex") })
    }

    /// `entry(at:)` (binary search) and the runs of the sorted entries below a folder
    /// (`EntryList.run(below:)`, each sealed bundle's walk) agree with the snapshot's own
    /// entries, in either order, and find nothing at paths that sort between an entry and
    /// its children.
    @Test func entryLookupsAgreeWithTheEntries() {
        var snapshot = Self.build.snapshot
        snapshot.entries = EntryList(snapshot.entries.reversed())
        for index in [SnapshotIndex(Self.build.snapshot), SnapshotIndex(snapshot)] {
            let sorted = index.sortedEntries
            #expect(sorted.count == snapshot.entries.count)
            for entry in snapshot.entries {
                #expect(index.entry(at: entry.path) == entry)
                let below = snapshot.entries.filter { $0.path != entry.path && $0.path.isWithin(entry.path) }
                #expect(Set(sorted[sorted.run(below: entry.path)].map(\.path)) == Set(below.map(\.path)))
            }
            #expect(sorted.run(below: .root).count == snapshot.entries.filter { !$0.path.isRoot }.count)
            for absent in ["A.app/R/", "A.app/R.a", "A.app/R/s/z.txt", "A.ap", "zzz"] {
                #expect(index.entry(at: BundlePath(absent)) == nil)
            }
        }
    }
}

/// `localizedFiles(of:)` answers each file from its folder, reusing the previous file's
/// answer while the folder stays the same: it must agree with asking for every file.
@Suite struct LocalizedFilesTests {
    static let build = TestBuild(app: "A.app")
            .bundle("A.app/F.framework", kind: .framework, id: "com.example.f")
            .files(["A.app/en.lproj/a.strings": "a", "A.app/en.lproj/b.strings": "b", "A.app/en.lproj/x/c.png": "c",
                    "A.app/en.lproj.bak/d": "d", "A.app/fr.lproj/a.strings": "a", "A.app/Sub/de.lproj/a.strings": "a",
                    "A.app/Sub/de.lproj/x.lproj/e": "e", "A.app/Sub/f": "f", "A.app/x.lproj": "file, not a folder",
                    "A.app/F.framework/en.lproj/g": "g", "A.app/zz.lproj/h": "h"])

    @Test func agreesWithEveryFileAskedAlone() throws {
        let index = SnapshotIndex(Self.build.snapshot)
        for bundle in index.bundles {
            var expected: [BundlePath: [FileEntry]] = [:]
            for file in index.files(of: bundle) {
                if let folder = SnapshotIndex.localizationFolder(of: file.path, in: bundle.path) {
                    expected[folder, default: []].append(file)
                }
            }
            #expect(index.localizedFiles(of: bundle) == expected, "\(bundle.path)")
        }
        let app = try #require(index.bundle(at: BundlePath("A.app")))
        #expect(index.localizationFolders(of: app).map(\.description)
                == ["A.app/Sub/de.lproj", "A.app/en.lproj", "A.app/fr.lproj", "A.app/zz.lproj"])
    }

    /// A recorded build's `.lproj` folders are kept in its facts by the first index that
    /// finds them, and the next one reads its files from the folders' runs: the same files.
    /// What is kept stands for the pass (a planted list of one folder gives that folder
    /// alone); kept bytes that do not describe this build's folders are found again.
    @Test func keptFoldersGiveTheSameFiles() throws {
        var snapshot = Self.build.snapshot
        let expected = SnapshotIndex(snapshot).findingLocalizedFiles()
        let facts = MemoryFacts()
        snapshot.facts = facts
        _ = SnapshotIndex(snapshot).findingLocalizedFiles()
        let kept = try #require(facts.bytes(named: SnapshotIndex.localizationFoldersFactsName))
        let read = SnapshotIndex(snapshot).findingLocalizedFiles()
        for bundle in expected.bundles {
            #expect(read.localizedFiles(of: bundle) == expected.localizedFiles(of: bundle), "\(bundle.path)")
        }
        #expect(facts.bytes(named: SnapshotIndex.localizationFoldersFactsName) == kept)

        func folders(_ lists: [(String, [String])]) -> [UInt8] {
            var out: [UInt8] = []
            out.appendLittleEndian(UInt32(lists.count))
            for (bundle, folders) in lists {
                out.appendRun(Array(bundle.utf8))
                out.appendLittleEndian(UInt32(folders.count))
                for folder in folders { out.appendRun(Array(folder.utf8)) }
            }
            return out
        }
        let app = try #require(expected.bundle(at: BundlePath("A.app")))
        facts.keep(folders([("A.app", ["A.app/fr.lproj"]), ("A.app/F.framework", [])]), named: SnapshotIndex.localizationFoldersFactsName)
        #expect(SnapshotIndex(snapshot).findingLocalizedFiles().localizationFolders(of: app) == [BundlePath("A.app/fr.lproj")])
        let wrong = [
            folders([("A.app", ["A.app/fr.lproj"])]),                                        // a bundle missing
            folders([("A.app/F.framework", []), ("A.app", [])]),                             // bundles out of order
            folders([("A.app", ["A.app/fr.lproj", "A.app/en.lproj"]), ("A.app/F.framework", [])]),  // folders out of order
            folders([("A.app", ["A.app/Sub/de.lproj/x.lproj"]), ("A.app/F.framework", [])]), // not the first .lproj
            folders([("A.app", ["A.app/Sub"]), ("A.app/F.framework", [])]),                  // not a .lproj folder
            folders([("A.app", ["A.app/F.framework/en.lproj"]), ("A.app/F.framework", [])]), // another bundle's files
            folders([("A.app", ["A.app/no.lproj"]), ("A.app/F.framework", [])]),             // no such folder
            folders([("A.app", []), ("A.app/F.framework", [])]) + [0],                       // bytes left over
            [1, 2, 3],
        ]
        for bytes in wrong {
            facts.keep(bytes, named: SnapshotIndex.localizationFoldersFactsName)
            let found = SnapshotIndex(snapshot).findingLocalizedFiles()
            for bundle in expected.bundles {
                #expect(found.localizedFiles(of: bundle) == expected.localizedFiles(of: bundle), "\(bytes) \(bundle.path)")
            }
            #expect(facts.bytes(named: SnapshotIndex.localizationFoldersFactsName) == kept)
        }
    }
}
