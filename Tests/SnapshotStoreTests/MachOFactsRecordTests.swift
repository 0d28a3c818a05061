import BundleReading
import BundleModel
import Foundation
import MachO
import SnapshotStore
import Testing
import TestSupport

/// Mach-O facts are read from a build on disk, recorded under `macho/` and read back the same;
/// a file that starts like Mach-O and does not read stops the snapshot with one line.
@Suite struct MachOFactsRecordTests {
    static func executable(minimumOS: UInt32 = 0x000F_0000, imports: [String] = ["_stat"]) -> [UInt8] {
        var w = MachOWriter()
        w.commands = [.segment("__TEXT", vmSize: 0x4000, fileSize: 0x4000),
                      .buildVersion(platform: 2, minos: minimumOS, sdk: 0x0011_0000),
                      .dylib(cmd: 0xC, path: "/usr/lib/libSystem.B.dylib")]
        w.symbols = imports.map { .undefined($0) }
        return w.bytes()
    }

    func app(_ binary: [UInt8]) -> FixtureBuilder {
        var app = FixtureBuilder.iOSApp(nested: false)
        app.setFile("MyApp.app/MyApp", binary, executable: true)
        return app
    }

    @Test func factsAreRecordedAndReadBack() throws {
        let scratch = try ScratchDirectory()
        let snapshot = try BuildReader.read(path: try app(Self.executable()).writeDirectory(in: scratch.path))
        let facts = try #require(snapshot.machO[BundlePath("MyApp.app/MyApp")])
        #expect(facts.architectures == ["arm64"])
        #expect(facts.slices.first?.importedSymbols == ["_stat"])
        #expect(snapshot.machO.count == 1, "only the Mach-O file: \(snapshot.machO.keys.map(\.description))")
        let store = try HistoryStore.open(at: scratch.path("h.git"), create: true)
        let back = try store.snapshot(of: try store.record(snapshot, options: options()).build)
        #expect(back.machO == snapshot.machO)
        try expectFsckClean(scratch.path("h.git"))
    }

    @Test func aBuildWithoutBinariesHasNoMachOFolder() throws {
        let scratch = try ScratchDirectory()
        let snapshot = try BuildReader.read(path: try FixtureBuilder.iOSApp(nested: false).writeDirectory(in: scratch.path))
        #expect(snapshot.machO.isEmpty)
        let store = try HistoryStore.open(at: scratch.path("h.git"), create: true)
        let back = try store.snapshot(of: try store.record(snapshot, options: options()).build)
        #expect(back.machO.isEmpty)
    }

    @Test func aHostileBinaryIsRecordedWithItsReason() throws {
        let scratch = try ScratchDirectory()
        var bytes = Self.executable()
        bytes[16] = 0xFF  // ncmds: far more load commands than the file holds
        bytes[17] = 0xFF
        let snapshot = try BuildReader.read(path: try app(bytes).writeDirectory(in: scratch.path))
        let reason = try #require(snapshot.machOUnreadable[BundlePath("MyApp.app/MyApp")])
        #expect(reason.contains("load commands"), "\(reason)")
        #expect(snapshot.machO.isEmpty)
        let store = try HistoryStore.open(at: scratch.path("h.git"), create: true)
        let back = try store.snapshot(of: try store.record(snapshot, options: options()).build)
        #expect(back.machOUnreadable == snapshot.machOUnreadable)
        #expect(back.machO.isEmpty)
    }
}
