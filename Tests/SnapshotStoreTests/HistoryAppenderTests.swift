import BundleModel
import BundleReading
import Foundation
import SnapshotStore
import Testing
import TestSupport

/// `HistoryAppender` (Benchmarks/GenerateHistory's writer) must write the very commits
/// `HistoryStore.record` writes: same parent, tree, message and time give the same id.
@Suite struct HistoryAppenderTests {
    /// The paths whose entry or facts differ between two snapshots (what a caller of
    /// `append` vouches for).
    static func changedPaths(_ a: BuildSnapshot, _ b: BuildSnapshot) -> Set<BundlePath> {
        var out = Set<BundlePath>()
        let before = Dictionary(a.entries.map { ($0.path, $0) }, uniquingKeysWith: { x, _ in x })
        let after = Dictionary(b.entries.map { ($0.path, $0) }, uniquingKeysWith: { x, _ in x })
        for path in Set(before.keys).union(after.keys) where before[path] != after[path] { out.insert(path) }
        // Facts are compared by presence and rendered text through the recording itself:
        // listing every fact path is allowed (an unchanged blob is the same object).
        out.formUnion(a.plists.keys)
        out.formUnion(b.plists.keys)
        out.formUnion(a.machO.keys)
        out.formUnion(b.machO.keys)
        out.formUnion(a.machOUnreadable.keys)
        out.formUnion(b.machOUnreadable.keys)
        return out
    }

    func commits(_ builds: [FixtureBuilder], in scratch: ScratchDirectory) throws -> (recorded: [String], appended: [String]) {
        var snapshots: [BuildSnapshot] = []
        for (i, build) in builds.enumerated() {
            snapshots.append(try BuildReader.read(path: try build.writeDirectory(in: scratch.path, named: "build\(i)") + "/MyApp.app"))
        }
        let recordedStore = try HistoryStore.open(at: scratch.path("recorded.git"), create: true)
        var recorded: [String] = []
        for (i, snapshot) in snapshots.enumerated() {
            recorded.append(try recordedStore.record(snapshot, options: options(1_700_000_000 + Int64(i))).build.commit)
        }
        let appendedRepo = scratch.path("appended.git")
        let appendedStore = try HistoryStore.open(at: appendedRepo, create: true)
        var appended = [try appendedStore.record(snapshots[0], options: options(1_700_000_000)).build.commit]
        var appender = try HistoryAppender(store: appendedStore, first: snapshots[0])
        for i in 1..<snapshots.count {
            let changed = Self.changedPaths(snapshots[i - 1], snapshots[i])
            appended.append(try appender.append(snapshots[i], changed: changed, options: options(1_700_000_000 + Int64(i))).commit.hex)
        }
        try appender.flush()
        try expectFsckClean(appendedRepo)
        let tip = try runGit(["rev-parse", "refs/heads/com.example.myapp/main"], in: appendedRepo).out
        #expect(tip == (appended.last ?? "") + "\n")
        let tags = try runGit(["tag", "--points-at", appended.last ?? ""], in: appendedRepo).out
        #expect(tags == "com.example.myapp@1.0+\(builds.count)\n")
        return (recorded, appended)
    }

    @Test func appendedBuildsAreTheCommitsRecordWrites() throws {
        let scratch = try ScratchDirectory()
        var a = FixtureBuilder.iOSApp()
        a.setFile("MyApp.app/Assets/d1/a.bin", FixtureBuilder.bytes(100, seed: 11))
        a.setFile("MyApp.app/Assets/d1/b.bin", FixtureBuilder.bytes(100, seed: 12))
        a.setFile("MyApp.app/Assets/d2/c.bin", FixtureBuilder.bytes(100, seed: 13))
        a.setFile("MyApp.app/Thing/inside.bin", FixtureBuilder.bytes(50, seed: 14))
        a.setDirectory("MyApp.app/Empty")
        var b = a
        b.setInfo("CFBundleVersion", "2", in: "MyApp.app")
        // A moved folder, a folder replaced by a file, a nested bundle added inside an
        // unchanged folder, a language (and its property lists) dropped, one file rewritten.
        b.remove("MyApp.app/Assets/d1")
        b.setFile("MyApp.app/Moved/d1/a.bin", FixtureBuilder.bytes(100, seed: 11))
        b.setFile("MyApp.app/Moved/d1/b.bin", FixtureBuilder.bytes(100, seed: 12))
        b.remove("MyApp.app/Thing")
        b.setFile("MyApp.app/Thing", "now a file")
        b.setFile("MyApp.app/Assets/d2/Inner.bundle/Info.plist",
                  FixtureBuilder.plist(["CFBundleIdentifier": "com.example.inner", "CFBundlePackageType": "BNDL"]))
        b.remove("MyApp.app/de.lproj")
        b.setFile("MyApp.app/Assets/d2/c.bin", FixtureBuilder.bytes(120, seed: 15))
        var c = b
        c.setInfo("CFBundleVersion", "3", in: "MyApp.app")
        // The language comes back, the folder becomes a folder again, the empty one goes.
        c.setStrings("MyApp.app/de.lproj/Localizable.strings", ["greeting": "Hallo"])
        c.remove("MyApp.app/Thing")
        c.setFile("MyApp.app/Thing/again.bin", FixtureBuilder.bytes(10, seed: 16))
        c.remove("MyApp.app/Empty")
        let (recorded, appended) = try commits([a, b, c], in: scratch)
        #expect(appended == recorded)
    }

    @Test func aLeftOutPathKeepsItsOldObjects() throws {
        // `changed` is the caller's word: a path it leaves out is not rewritten, so the
        // commit differs from a recording (this is what the equality above proves is tight).
        let scratch = try ScratchDirectory()
        var a = FixtureBuilder.iOSApp()
        a.setFile("MyApp.app/Assets/a.bin", FixtureBuilder.bytes(100, seed: 11))
        var b = a
        b.setInfo("CFBundleVersion", "2", in: "MyApp.app")
        b.setFile("MyApp.app/Assets/a.bin", FixtureBuilder.bytes(100, seed: 12))
        let snapshots = try [a, b].enumerated().map { i, build in
            try BuildReader.read(path: try build.writeDirectory(in: scratch.path, named: "build\(i)") + "/MyApp.app")
        }
        let store = try HistoryStore.open(at: scratch.path("h.git"), create: true)
        _ = try store.record(snapshots[0], options: options(1))
        var appender = try HistoryAppender(store: store, first: snapshots[0])
        var changed = Self.changedPaths(snapshots[0], snapshots[1])
        let full = try appender.append(snapshots[1], changed: changed, options: options(2))
        changed.remove(BundlePath("MyApp.app/Assets/a.bin"))
        var other = try HistoryAppender(store: store, first: snapshots[0])
        let partial = try other.append(snapshots[1], changed: changed, options: options(2))
        #expect(full.tree != partial.tree)
    }
}
