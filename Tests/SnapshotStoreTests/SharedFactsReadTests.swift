import BundleModel
import BundleReading
import Foundation
@testable import SnapshotStore
import Testing
import TestSupport

/// The second build of a comparison takes the `macho/` and `stores/` facts whose blobs the
/// first read parsed (an unchanged binary, an unchanged store) instead of parsing them again,
/// and reads the same snapshot a fresh read does.
@Suite struct SharedFactsReadTests {
    @Test func unchangedBinariesAndStoresAreTakenFromThePreviousRead() throws {
        let scratch = try ScratchDirectory()
        func build(_ name: String, minimumOS: UInt32) throws -> BuildSnapshot {
            var app = FixtureBuilder.iOSApp(nested: false)
            app.setFile("MyApp.app/MyApp", MachOFactsRecordTests.executable(minimumOS: minimumOS), executable: true)
            app.setFile("MyApp.app/Frameworks/Kit.framework/Kit", MachOFactsRecordTests.executable(imports: ["_fstat"]))
            app.setFile("MyApp.app/Seed.sqlite", "placeholder")
            let dir = try app.writeDirectory(in: try SharedReadTests.folder(scratch, name))
            try FileManager.default.removeItem(atPath: dir + "/Seed.sqlite")
            try StoreBuilder(dir + "/Seed.sqlite").coreData(notes: 3).close()
            return try BuildReader.read(path: dir)
        }
        let old = try build("old", minimumOS: 0x000F_0000), new = try build("new", minimumOS: 0x0010_0000)
        #expect(new.machO.count == 2 && new.stores.count == 1)
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let a = try store.record(old, options: options(1_700_000_000)).build
        let b = try store.record(new, options: options(1_700_000_060)).build
        let shared = try HistoryStore.open(at: repo, create: false)
        _ = try shared.snapshot(of: a)
        let sharedNew = try shared.snapshot(of: b)
        // Kit and the store are the same blobs: taken. MyApp changed: parsed.
        #expect(shared.lastRead?.factsCopied == 2)
        let fresh = try HistoryStore.open(at: repo, create: false).snapshot(of: b)
        #expect(sharedNew.machO == fresh.machO && sharedNew.machOUnreadable == fresh.machOUnreadable)
        #expect(sharedNew.stores == fresh.stores)
        #expect(sharedNew.machO == new.machO && sharedNew.stores == new.stores)
    }
}
