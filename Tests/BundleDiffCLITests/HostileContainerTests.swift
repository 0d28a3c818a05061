import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Data containers that try to make the reader leave the container, hang or crash.
@Suite struct HostileContainerTests {
    @Test func symlinksOutAreRecordedNeverFollowed() throws {
        let scratch = try ScratchDirectory("hostile-container")
        let secret = try scratch.write("secret.txt", "do not read me")
        var before = FixtureBuilder.dataContainer()
        let old = try before.writeDirectory(in: scratch.path, named: "before")
        before.setSymlink("Documents/escape", target: secret)
        before.setSymlink("Library/Caches/up", target: "../../..")
        let new = try before.writeDirectory(in: scratch.path, named: "after")
        let r = CLIHarness.run(["diff", old, new, "--format", "json"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("Documents/escape") && !r.out.contains("do not read me"), "\(r.out)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect((json["new"] as? [String: Any])?["sourceKind"] as? String == "container")
    }

    /// A container holds FIFOs while its app runs (Realm keeps `default.realm.note` beside
    /// its file): left out, never opened (a read would block), and the snapshot lands.
    @Test func aFIFOIsLeftOutWithoutBlocking() throws {
        let scratch = try ScratchDirectory("hostile-container")
        let dir = try FixtureBuilder.dataContainer().writeDirectory(in: scratch.path, named: "c")
        #expect(mkfifo(dir + "/Documents/default.realm.note", 0o644) == 0)
        let started = ContinuousClock.now
        let r = CLIHarness.run(["snapshot", "--container", dir, "--repo", scratch.path("h")])
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(r.status == 0, "\(r.err)")
        let without = try FixtureBuilder.dataContainer().writeDirectory(in: scratch.path, named: "without")
        let diff = CLIHarness.run(["diff", without, dir, "--format", "json", "--details"])
        #expect(diff.status == 0 && !diff.out.contains("default.realm.note"),
                "\(diff.out.prefix(400))\(diff.err)")
    }

    @Test func aSymlinkedAppDataOrMetadataIsRefused() throws {
        let scratch = try ScratchDirectory("hostile-container")
        let outside = try FixtureBuilder.dataContainer().writeDirectory(in: scratch.path, named: "outside")
        let package = scratch.path("Evil.xcappdata")
        try FileManager.default.createDirectory(atPath: package, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: package + "/AppData", withDestinationPath: outside)
        let r = CLIHarness.run(["snapshot", "--container", package, "--repo", scratch.path("h")])
        #expect(r.status == 2 && r.err.split(separator: "\n").count == 1, "\(r.err)")
        // A metadata plist that is a symlink is not a container's mark: the folder needs --app.
        let sim = scratch.path("sim")
        try FileManager.default.createDirectory(atPath: sim + "/Documents", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sim + "/.com.apple.mobile_container_manager.metadata.plist",
                                                   withDestinationPath: outside + "/.com.apple.mobile_container_manager.metadata.plist")
        let s = CLIHarness.run(["snapshot", "--container", sim, "--repo", scratch.path("h")])
        #expect(s.status == 2 && s.err.contains("--app"), "\(s.err)")
    }

    @Test func aBrokenMetadataPlistIsOneLine() throws {
        let scratch = try ScratchDirectory("hostile-container")
        var c = FixtureBuilder.dataContainer()
        c.setFile(".com.apple.mobile_container_manager.metadata.plist", "<plist><dict><key>MCMMetadataIdentifier")
        let dir = try c.writeDirectory(in: scratch.path, named: "c")
        let r = CLIHarness.run(["snapshot", "--container", dir, "--repo", scratch.path("h")])
        #expect(r.status == 2 && r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.contains("metadata.plist: cannot be decoded"), "\(r.err)")
    }
}
