import BundleModel
import BundleReading
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

@Suite struct BadInputTests {
    /// Reads `path` and expects an InputError naming `file` (default: `path`) with `problem`.
    func expectProblem(_ path: String, file: String? = nil, _ problem: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = readError(path) else {
            Issue.record("\(path) was read without error", sourceLocation: sourceLocation)
            return
        }
        #expect(error.file == (file ?? path), sourceLocation: sourceLocation)
        #expect(error.problem == problem, sourceLocation: sourceLocation)
    }

    @Test func notABundle() throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: scratch.path("Stuff"), withIntermediateDirectories: true)
        let notBundle = "not a bundle (expected .app, .ipa, .xcarchive, .framework, .xcframework, .appex, .bundle, .xctest, .xpc, "
            + ".plugin, .kext, or a .zip of one)"
        expectProblem(scratch.path("Stuff"), notBundle)
        try Data("hello".utf8).write(to: URL(fileURLWithPath: scratch.path("notes.txt")))
        expectProblem(scratch.path("notes.txt"), notBundle)
        expectProblem(scratch.path("missing.app"), "does not exist")
    }

    @Test func missingOrWrongInfoPlist() throws {
        let scratch = try ScratchDirectory()
        var app = FixtureBuilder.iOSApp(nested: false)
        app.remove("MyApp.app/Info.plist")
        expectProblem(try app.writeDirectory(in: scratch.path), "no Info.plist in MyApp.app")
        let second = try ScratchDirectory()
        app.setFile("MyApp.app/Info.plist", FixtureBuilder.plist(["a", "b"]))
        expectProblem(try app.writeDirectory(in: second.path),
                      "Info.plist is not a dictionary (MyApp.app/Info.plist holds an array)")
        let integer = try ScratchDirectory()
        app.setFile("MyApp.app/Info.plist", FixtureBuilder.plist(7))
        expectProblem(try app.writeDirectory(in: integer.path),
                      "Info.plist is not a dictionary (MyApp.app/Info.plist holds an integer)")
        let third = try ScratchDirectory()
        app.setFile("MyApp.app/Info.plist", exponentialBinaryPlist())
        expectProblem(try app.writeDirectory(in: third.path),
                      "Info.plist cannot be read: at byte 70: binary plist: more than 4000000 values once shared references "
                      + "are expanded (MyApp.app/Info.plist)")
    }

    @Test func truncatedAndCorruptZips() throws {
        let scratch = try ScratchDirectory()
        let bytes = FixtureBuilder.iOSApp(nested: false).ipa().zipWriter().data()
        let truncated = scratch.path("Truncated.ipa")
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: truncated))
        let error = try #require(readError(truncated))
        #expect(error.file == truncated)
        #expect(error.problem.hasPrefix("not a zip archive") || error.problem.hasPrefix("truncated zip"))
        // Garbage in the middle: data no longer inflates or matches its CRC.
        var corrupt = bytes
        for i in (bytes.count / 3)..<(bytes.count / 3 + 64) { corrupt[i] ^= 0xFF }
        try Data(corrupt).write(to: URL(fileURLWithPath: scratch.path("Corrupt.ipa")))
        let corruptError = try #require(readError(scratch.path("Corrupt.ipa")))
        #expect(corruptError.file == scratch.path("Corrupt.ipa"))
        #expect(!corruptError.problem.isEmpty)
        try Data("PK not really".utf8).write(to: URL(fileURLWithPath: scratch.path("Tiny.zip")))
        #expect(readError(scratch.path("Tiny.zip"))?.problem.hasPrefix("not a zip archive") == true)
    }

    @Test func ipaPayloadMustHoldExactlyOneApp() throws {
        let scratch = try ScratchDirectory()
        var empty = ZipWriter()
        empty.add(.directory("Payload/"))
        empty.add(.file("Payload/readme.txt", Array("x".utf8)))
        try empty.write(to: scratch.path("Empty.ipa"))
        expectProblem(scratch.path("Empty.ipa"), "no Payload/*.app")
        let two = FixtureBuilder.iOSApp(name: "A", nested: false).merging(FixtureBuilder.iOSApp(name: "B", nested: false)).ipa()
        try two.writeZip(to: scratch.path("Two.ipa"))
        expectProblem(scratch.path("Two.ipa"), "two apps in Payload: A.app, B.app")
    }

    @Test func hostileZipNames() throws {
        let scratch = try ScratchDirectory()
        let info = FixtureBuilder.plist(["CFBundleIdentifier": "x"])
        for (name, problem) in [("../x", "entry '../x': path has a '..' component"),
                                ("MyApp.app/../../x", "entry 'MyApp.app/../../x': path has a '..' component"),
                                ("/abs", "entry '/abs': absolute path"),
                                ("MyApp.app\\evil", "entry 'MyApp.app\\\\evil': name contains a backslash")] {
            var zip = ZipWriter()
            zip.add(.file("MyApp.app/Info.plist", info))
            zip.add(.file(name, Array("x".utf8)))
            let path = scratch.path("Hostile.zip")
            try zip.write(to: path)
            expectProblem(path, problem)
        }
    }

    @Test func symlinkEscapingTheBundleIsRecordedNotRead() throws {
        let scratch = try ScratchDirectory()
        try Data("secret".utf8).write(to: URL(fileURLWithPath: scratch.path("secret.txt")))
        var app = FixtureBuilder.iOSApp(nested: false)
        app.setSymlink("MyApp.app/escape", target: "../secret.txt")
        app.setSymlink("MyApp.app/absolute", target: "/etc/passwd")
        app.setSymlink("MyApp.app/dir", target: "..")
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        let escape = try #require(snapshot.entry("MyApp.app/escape"))
        #expect(escape.kind == .symlink)
        #expect(escape.symlinkTarget == Array("../secret.txt".utf8))
        #expect(escape.sha256 == nil)
        #expect(snapshot.entry("MyApp.app/absolute")?.symlinkTarget == Array("/etc/passwd".utf8))
        #expect(snapshot.entry("MyApp.app/dir")?.kind == .symlink)
        #expect(!snapshot.entries.contains { $0.path.description.contains("secret.txt") && $0.kind == .file })
        // An Info.plist reachable only through an escaping link is refused, not read.
        var linked = FixtureBuilder.iOSApp(nested: false)
        linked.remove("MyApp.app/Info.plist")
        linked.setSymlink("MyApp.app/Info.plist", target: "../Info.plist")
        let other = try ScratchDirectory()
        try Data(FixtureBuilder.plist(["CFBundleIdentifier": "outside"])).write(to: URL(fileURLWithPath: other.path("Info.plist")))
        let error = try #require(readError(try linked.writeDirectory(in: other.path)))
        #expect(error.problem.contains("Info.plist"))
        #expect(error.problem.contains("outside the bundle"))
    }

    @Test func symlinkLoops() throws {
        let scratch = try ScratchDirectory()
        var app = FixtureBuilder.iOSApp(nested: false)
        app.setSymlink("MyApp.app/a", target: "b")
        app.setSymlink("MyApp.app/b", target: "a")
        app.setSymlink("MyApp.app/self", target: "self")
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        #expect(snapshot.entry("MyApp.app/a")?.symlinkTarget == Array("b".utf8))
        #expect(snapshot.entry("MyApp.app/self")?.kind == .symlink)
        // A bundle whose Info.plist is a loop is refused.
        var looped = FixtureBuilder.iOSApp(nested: false)
        looped.remove("MyApp.app/Info.plist")
        looped.setSymlink("MyApp.app/Info.plist", target: "Info.plist")
        let other = try ScratchDirectory()
        let error = try #require(readError(try looped.writeDirectory(in: other.path)))
        #expect(error.problem.contains("loops"))
    }

    @Test func fifoInsideABundle() throws {
        let scratch = try ScratchDirectory()
        let root = try FixtureBuilder.iOSApp(nested: false).writeDirectory(in: scratch.path)
        #expect(mkfifo(root + "/pipe", 0o644) == 0)
        let error = try #require(readError(root))
        #expect(error.file == root + "/pipe")
        #expect(error.problem == "is a FIFO, not a regular file")
        // The FIFO as the input itself.
        let fifoError = try #require(readError(root + "/pipe"))
        #expect(fifoError.problem == "is a FIFO, not a regular file")
    }

    /// Root ignores permission bits, so an unreadable file is made by a directory that
    /// cannot be listed only for non-root users; as root the check is skipped (reason printed).
    @Test func unreadableFile() throws {
        guard geteuid() != 0 else {
            print("SKIPPED unreadableFile: running as root, chmod 000 does not stop root from reading")
            return
        }
        let scratch = try ScratchDirectory()
        let root = try FixtureBuilder.iOSApp(nested: false).writeDirectory(in: scratch.path)
        #expect(chmod(root + "/PkgInfo", 0) == 0)
        let error = try #require(readError(root))
        #expect(error.problem.contains("PkgInfo"))
        #expect(error.problem.contains("Permission denied") || error.problem.contains("cannot be read"))
    }
}
