import Foundation
import Testing
import TestSupport

/// What other git tools leave in a history is not damage: an annotated tag, a tag on a
/// blob, a shallow clone.
@Suite struct ForeignRefsTests {
    static func history(in scratch: ScratchDirectory) throws -> String {
        let repo = scratch.path("history")
        for n in [1, 2] { #expect(CLIHarness.run(["snapshot", CLIHarness.demoBuild(n), "--repo", repo]).status == 0) }
        return repo
    }

    @Test func anAnnotatedTagNamesItsBuild() throws {
        let scratch = try ScratchDirectory()
        let repo = try Self.history(in: scratch)
        let tagged = try CLIHarness.git(["-c", "user.name=a", "-c", "user.email=a@example.com", "tag", "-a", "release",
                                         "-m", "the release", "com.example.wanderlust@1.0+41"], repo: repo)
        #expect(tagged.status == 0, "\(tagged.out)")
        let show = CLIHarness.run(["show", "release", "--repo", repo])
        #expect(show.status == 0, "\(show.err)")
        #expect(show.out.hasPrefix("com.example.wanderlust 1.0 (41)"), "\(show.out)")
        let log = CLIHarness.run(["log", "--repo", repo])
        #expect(log.status == 0, "\(log.err)")
        #expect(log.out.contains("tags: com.example.wanderlust@1.0+41, release"), "\(log.out)")
        #expect(CLIHarness.run(["diff", "release", "latest", "--repo", repo]).status != 2)
    }

    @Test func aTagOnABlobIsNoBuildAndNoDamage() throws {
        let scratch = try ScratchDirectory()
        let repo = try Self.history(in: scratch)
        let file = try scratch.write("note.txt", "not a build\n")
        let blob = try CLIHarness.git(["hash-object", "-w", file], repo: repo).out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try CLIHarness.git(["tag", "note", blob], repo: repo).status == 0)
        let show = CLIHarness.run(["show", "note", "--repo", repo])
        #expect(show.status == 2)
        #expect(show.err.contains("tag 'note' names no commit"), "\(show.err)")
        #expect(!show.err.contains("damaged"))
        let log = CLIHarness.run(["log", "--repo", repo])
        #expect(log.status == 0, "\(log.err)")
        #expect(log.out.split(separator: "\n").count == 2)
    }

    @Test func aShallowCloneListsTheBuildsItHas() throws {
        let scratch = try ScratchDirectory()
        let repo = try Self.history(in: scratch)
        let shallow = scratch.path("shallow.git")
        let cloned = try runGit(["clone", "-q", "--bare", "--depth", "1", "file://" + repo, shallow], in: scratch.path)
        #expect(cloned.status == 0, "\(cloned.err)")
        for command in [["log"], ["show", "latest"], ["history"], ["history", "size"]] {
            let r = CLIHarness.run(command + ["--repo", shallow])
            #expect(r.status == 0, "\(command): \(r.err)")
            #expect(!r.err.contains("damaged"))
        }
        #expect(CLIHarness.run(["log", "--repo", shallow]).out.split(separator: "\n").count == 1)
    }

    /// A shallow clone holds the newest builds only: the gate cannot know the highest one
    /// recorded, so it refuses (exit 2) rather than compare with what is left.
    @Test func theGateRefusesAShallowClone() throws {
        let scratch = try ScratchDirectory()
        let repo = try Self.history(in: scratch)
        let shallow = scratch.path("shallow.git")
        #expect(try runGit(["clone", "-q", "--bare", "--depth", "1", "file://" + repo, shallow], in: scratch.path).status == 0)
        let r = CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", shallow])
        #expect(r.status == 2 && r.err.contains("a shallow clone") && r.err.split(separator: "\n").count == 1, "\(r.out)\(r.err)")
        #expect(CLIHarness.run(["gate", CLIHarness.demoBuild(2), "--repo", repo]).status != 2, "the whole history answers")
    }

    /// A branch file that does not parse is damage: libgit2 skips it without a word, and
    /// the gate would have taken the build for a first one.
    @Test func aBranchFileThatDoesNotParseIsDamage() throws {
        let scratch = try ScratchDirectory()
        let repo = try Self.history(in: scratch)
        let heads = repo + "/refs/heads"
        let files = try #require(FileManager.default.subpaths(atPath: heads)).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: heads + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        try #require(!files.isEmpty, "a loose branch to damage")
        for file in files { try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: heads + "/" + file)) }
        for command in [["log"], ["gate", CLIHarness.demoBuild(2), "--first-build"]] {
            let r = CLIHarness.run(command + ["--repo", repo])
            #expect(r.status == 2 && r.err.contains("does not parse; the history is damaged"), "\(command): \(r.out)\(r.err)")
        }
    }
}
