import BundleDiffKit
import Foundation
import Testing
import TestSupport

/// `.bundlediff.yml` is found in the working directory or the nearest folder above it, up
/// to the git work tree's root (never above it); `--config` wins; a file found above the
/// working directory is named on standard error.
@Suite struct ConfigDiscoveryTests {
    /// `<scratch>/outer/.bundlediff.yml` above a git work tree `<scratch>/outer/app` that has
    /// `fastlane/lanes` inside.
    static func tree(_ label: String) throws -> (scratch: ScratchDirectory, outer: String, app: String, lanes: String) {
        let scratch = try ScratchDirectory(label)
        let outer = scratch.path("outer"), app = outer + "/app", lanes = app + "/fastlane/lanes"
        try FileManager.default.createDirectory(atPath: lanes, withIntermediateDirectories: true)
        let made = try runGit(["init", "-q", app], in: scratch.path)
        #expect(made.status == 0, "\(made.err)")
        _ = try scratch.write("outer/.bundlediff.yml", "fail_on: info\n")
        return (scratch, outer, app, lanes)
    }

    @Test func foundInTheNearestFolderUpToTheWorkTreeRoot() throws {
        let t = try Self.tree("config-find")
        #expect(ConfigurationFile.discover(from: t.lanes) == nil, "the file above the work tree is not the project's")
        #expect(ConfigurationFile.discover(from: t.app) == nil)
        _ = try t.scratch.write("outer/app/.bundlediff.yml", "fail_on: warning\n")
        #expect(ConfigurationFile.discover(from: t.app) == ".bundlediff.yml")
        #expect(ConfigurationFile.discover(from: t.app + "/fastlane") == "../.bundlediff.yml")
        #expect(ConfigurationFile.discover(from: t.lanes) == "../../.bundlediff.yml")
        _ = try t.scratch.write("outer/app/fastlane/.bundlediff.yml", "fail_on: error\n")
        #expect(ConfigurationFile.discover(from: t.lanes) == "../.bundlediff.yml", "the nearest one")
        // Outside every work tree, the search goes on up (to the file system's root).
        try FileManager.default.createDirectory(atPath: t.outer + "/plain/deeper", withIntermediateDirectories: true)
        #expect(ConfigurationFile.discover(from: t.outer + "/plain/deeper") == "../../.bundlediff.yml")
    }

    @Test func aLinkedWorkTreesGitFileEndsTheSearchToo() throws {
        let t = try Self.tree("config-linked")
        let linked = t.outer + "/linked/sub"
        try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: true)
        _ = try t.scratch.write("outer/linked/.git", "gitdir: \(t.app)/.git/worktrees/linked\n")
        #expect(ConfigurationFile.discover(from: linked) == nil)
        try FileManager.default.createDirectory(atPath: t.outer + "/linked/.bundlediff.yml/x",
                                                withIntermediateDirectories: true)
        #expect(ConfigurationFile.discover(from: linked) == nil, "a folder of that name is no configuration")
    }

    /// `bundlediff gate` run from fastlane/: the work tree's `fail_on: warning` applies (exit 1
    /// on the demo's warnings), and `--config` wins over it.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: UnreadableFileTests.binary)))
    func aToolRunFromFastlaneUsesTheWorkTreesFile() throws {
        let t = try Self.tree("config-fastlane")
        _ = try t.scratch.write("outer/app/.bundlediff.yml", "fail_on: warning\n")
        let explicit = try t.scratch.write("explicit.yml", "fail_on: error\n")
        let gate = ["gate", CLIHarness.demoBuild(2), "--against", CLIHarness.demoBuild(1)]
        func run(_ directory: String, _ extra: [String] = []) throws -> ChildProcess {
            try ChildProcess.run("/bin/sh", ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", directory,
                                             UnreadableFileTests.binary] + gate + extra)
        }
        let fromLanes = try run(t.app + "/fastlane")
        #expect(fromLanes.status == 1, "\(fromLanes.err)")
        #expect(fromLanes.err == "bundlediff: note: using the configuration in ../.bundlediff.yml\n")
        let fromRoot = try run(t.app)
        #expect(fromRoot.status == 1 && fromRoot.err.isEmpty, "\(fromRoot.err)")
        let quiet = try run(t.app + "/fastlane", ["--quiet"])
        #expect(quiet.status == 1 && quiet.err.isEmpty)
        let withConfig = try run(t.app + "/fastlane", ["--config", explicit])
        #expect(withConfig.status == 0 && withConfig.err.isEmpty, "\(withConfig.err)")
        _ = try t.scratch.write("outer/app/.bundlediff.yml", "fail_on: sometimes\n")
        let broken = try run(t.lanes)
        #expect(broken.status == 2)
        #expect(broken.err.contains("bundlediff: error: ../../.bundlediff.yml: fail_on must be error, warning or info"))
    }
}
