import BundleModel
import BundleReading
import Foundation
import PropertyLists
import SnapshotStore
import Testing
import TestSupport

/// Odd names and values survive recording and reading back exactly.
@Suite struct RoundTripTests {
    func roundTrip(_ snapshot: BuildSnapshot, in scratch: ScratchDirectory, label: String? = nil,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> (BuildSnapshot, RecordedBuild, String) {
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        var opts = options()
        opts.label = label
        let result = try store.record(snapshot, options: opts)
        let back = try store.snapshot(of: result.build)
        #expect(back.entries == snapshot.entries, sourceLocation: sourceLocation)
        #expect(back.plists == snapshot.plists, sourceLocation: sourceLocation)
        #expect(back.bundles == snapshot.bundles, sourceLocation: sourceLocation)
        try expectFsckClean(repo, sourceLocation: sourceLocation)
        let listed = try #require(try store.builds(app: nil, channel: nil).first)
        #expect(listed == result.build, sourceLocation: sourceLocation)
        return (back, listed, repo)
    }

    @Test func decomposedAndNonUTF8BundleNames() throws {
        let scratch = try ScratchDirectory()
        var app = FixtureBuilder()
        let nfd = "Cafe\u{301}.app"
        app.setFile("\(nfd)/Info.plist", FixtureBuilder.plist(["CFBundleIdentifier": "com.example.cafe",
                                                                "CFBundleShortVersionString": "1.0",
                                                                "CFBundleVersion": "7"]))
        app.set(BundlePath(bytes: Array("\(nfd)/Plug".utf8) + [0xFF] + Array(".bundle/Info.plist".utf8)),
                .file(FixtureBuilder.plist(["CFBundleIdentifier": "com.example.odd"]), executable: false))
        app.set(BundlePath(bytes: Array("\(nfd)/".utf8) + [0xE9] + Array(".lproj/x.strings".utf8)),
                .file(FixtureBuilder.strings([("k", "v")]), executable: false))
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        #expect(snapshot.mainBundle?.path.bytes == Array(nfd.utf8))
        #expect(snapshot.bundles.count == 2)
        _ = try roundTrip(snapshot, in: scratch)
    }

    @Test func trickyPlistValuesAndUndecodableReasons() throws {
        let scratch = try ScratchDirectory()
        var app = FixtureBuilder.iOSApp(nested: false)
        app.setFile("MyApp.app/Tricky.plist", FixtureBuilder.plist([
            "line\nbreak": "a\"quoted\" \\ value\twith\ttabs\r\n",
            "bidi": "\u{202E}evil\u{200B}",
            "": "empty key",
            "a.b": ["nested": [1, 2.5, -0.0, true, Data([0, 255]), [] as [Any], [:] as [String: Any]] as [Any]],
            "date": Date(timeIntervalSinceReferenceDate: -123.456),
            "big": 9_223_372_036_854_775_807,
            "small": -9_223_372_036_854_775_808,
            "real": 1e300,
            "emoji": "👩‍👩‍👧 Café",
        ] as [String: Any], binary: true))
        app.setFile("MyApp.app/Broken.plist", "<plist><dict><key>\u{1}</key>")
        app.setFile("MyApp.app/en.lproj/Dup.strings", "\"a\" = \"1\";\n\"a\" = \"2\";\n")
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        let (back, _, _) = try roundTrip(snapshot, in: scratch)
        #expect(back.plists[BundlePath("MyApp.app/Tricky.plist")]?.document?.root["emoji"] == .string("👩‍👩‍👧 Café"))
        #expect(back.plists[BundlePath("MyApp.app/en.lproj/Dup.strings")]?.document?.duplicateKeys.count == 1)
    }

    @Test func oddSourceNamesAndLabelsInTheCommitMessage() throws {
        let scratch = try ScratchDirectory()
        let app = FixtureBuilder.iOSApp(identifier: "com.example.odd app+x@y", shortVersion: "1.0 beta\n2",
                                        version: "12/34", nested: false)
        let dir = scratch.path("weird\nname \\ dir")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try app.writeDirectory(in: dir)
        let snapshot = try BuildReader.read(path: dir + "/MyApp.app")
        let (_, build, repo) = try roundTrip(snapshot, in: scratch, label: "release\ncandidate\t\u{1}")
        #expect(build.bundleId == "com.example.odd app+x@y")
        #expect(build.shortVersion == "1.0 beta\n2")
        #expect(build.build == "12/34")
        #expect(build.label == "release\ncandidate\t\u{1}")
        #expect(build.source == "MyApp.app")
        let refs = try runGit(["for-each-ref", "--format=%(refname)"], in: repo).out
        #expect(refs.contains("refs/heads/com.example.odd%20app%2Bx%40y/main\n"), "\(refs)")
        let store = try HistoryStore.open(at: repo, create: false)
        #expect(try store.resolve("latest", app: "com.example.odd app+x@y", channel: nil).commit == build.commit)
        #expect(try store.resolve("com.example.odd app+x@y@1.0 beta\n2+12/34", app: nil, channel: nil).commit == build.commit)
        #expect(try store.resolve(try #require(build.tags.first), app: nil, channel: nil).commit == build.commit)
    }
}
