import BundleReading
import BundleModel
import Foundation
import SnapshotStore
import Stores
import Testing
import TestSupport

/// Store facts go into `stores/` and come back equal; a build without stores has no such folder.
@Suite struct StoreFactsRecordTests {
    @Test func storeFactsRoundTripThroughTheHistory() throws {
        let scratch = try ScratchDirectory()
        var app = FixtureBuilder.iOSApp(nested: false)
        app.setFile("MyApp.app/Seed.sqlite", "placeholder")
        let dir = try app.writeDirectory(in: scratch.path)
        try FileManager.default.removeItem(atPath: dir + "/Seed.sqlite")
        try StoreBuilder(dir + "/Seed.sqlite").coreData(notes: 3).exec("CREATE TABLE \"odd\u{202E}\" (x)").close()
        try Data("not sqlite".utf8).write(to: URL(fileURLWithPath: dir + "/Other.sqlite"))
        let snapshot = try BuildReader.read(path: dir)
        #expect(snapshot.stores.count == 2)
        #expect(snapshot.stores[BundlePath("MyApp.app/Seed.sqlite")]?.table("ZNOTE")?.rows == .exactly(3))
        #expect(snapshot.stores[BundlePath("MyApp.app/Other.sqlite")]?.state == .notSQLite)
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let result = try store.record(snapshot, options: options())
        #expect(try store.snapshot(of: result.build).stores == snapshot.stores)
        let tree = try runGit(["ls-tree", "--name-only", result.build.commit], in: repo)
        #expect(tree.out.split(separator: "\n").contains("stores"))
        let blob = try runGit(["show", "\(result.build.commit):stores/MyApp.app/Other.sqlite"], in: repo)
        #expect(blob.out == "bundlediff-store 1\nformat: not-sqlite\n")
        try expectFsckClean(repo)
    }

    @Test func aBuildWithoutStoresHasNoStoresFolder() throws {
        let scratch = try ScratchDirectory()
        let snapshot = try BuildReader.read(path: try FixtureBuilder.iOSApp(nested: false).writeDirectory(in: scratch.path))
        #expect(snapshot.stores.isEmpty)
        let repo = scratch.path("h.git")
        let result = try HistoryStore.open(at: repo, create: true).record(snapshot, options: options())
        let tree = try runGit(["ls-tree", "--name-only", result.build.commit], in: repo)
        #expect(tree.out == "bundlediff.json\nfiles\nplists\n")
    }
}
