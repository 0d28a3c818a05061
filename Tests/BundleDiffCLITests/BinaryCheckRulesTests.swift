import BundleModel
import BundleReading
import Foundation
import Rules
import Testing
import TestSupport

/// The binary-fact check rules on builds read from disk: what the reader records for a
/// script, a stand-in that only starts like Mach-O, and a real executable, and what the
/// rules make of it.
@Suite struct BinaryCheckRulesTests {
    static let empty = BuildSnapshot(sourceKind: .directory, sourceName: "none", entries: [], plists: [:], bundles: [])

    /// A thin arm64 iOS executable linked for `minimumOS` (packed 16.8.8).
    static func executable(minimumOS: UInt32) -> [UInt8] {
        var w = MachOWriter()
        w.commands = [.segment("__TEXT", vmSize: 0x4000, fileSize: 0x4000),
                      .buildVersion(platform: 2, minos: minimumOS, sdk: 0x0011_0000)]
        return w.bytes()
    }

    /// MyApp (MinimumOSVersion 16.0) with `main` as its executable and a Mach-O helper, so
    /// that the build carries Mach-O facts.
    func read(main: [UInt8]) throws -> BuildSnapshot {
        var app = FixtureBuilder.iOSApp(nested: false)
        app.setFile("MyApp.app/MyApp", main, executable: true)
        app.setFile("MyApp.app/Frameworks/Kit.framework/Kit", Self.executable(minimumOS: 0x0010_0000), executable: true)
        let scratch = try ScratchDirectory()
        return try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
    }

    func findings(_ rule: RuleID, _ snapshot: BuildSnapshot) -> [Finding] {
        RuleEngine.run(old: Self.empty, new: snapshot, only: [rule])
    }

    @Test func aScriptExecutableIsNotMachO() throws {
        let snapshot = try read(main: Array("#!/bin/sh\nexec true\n".utf8))
        #expect(snapshot.machO[BundlePath("MyApp.app/MyApp")] == nil)
        let found = findings(.executableNotMachO, snapshot)
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.paths == [BundlePath("MyApp.app/MyApp")])
    }

    @Test func aStandInWithMachOMagicIsUnreadableNotThisFinding() throws {
        // The demo's stand-ins: the 64-bit magic, then filler (Demo/generate.py).
        let standIn = [0xCF, 0xFA, 0xED, 0xFE, 0x0C, 0x00, 0x00, 0x01] + Array(repeating: UInt8(0x41), count: 400)
        let snapshot = try read(main: standIn)
        #expect(snapshot.machOUnreadable[BundlePath("MyApp.app/MyApp")] != nil)
        #expect(findings(.executableNotMachO, snapshot).isEmpty)
    }

    @Test func theInfoPlistMinimumIsComparedWithTheExecutables() throws {
        let lowered = try read(main: Self.executable(minimumOS: 0x0011_0000))
        let found = findings(.minimumOSMismatch, lowered)
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.contains("iOS 17.0 (arm64)") == true, "\(found.map(\.message))")
        #expect(findings(.minimumOSMismatch, try read(main: Self.executable(minimumOS: 0x0010_0000)))
            .isEmpty, "16.0 in both")
        #expect(findings(.executableNotMachO, lowered).isEmpty)
    }
}
