import Foundation
import Testing
import TestSupport

/// A history with a missing or corrupt object: `log`, `show`, `diff` and `snapshot` each
/// give one line naming the object and saying the history is damaged, exit 2.
@Suite struct DamagedHistoryTests {
    static let commands: [[String]] = [
        ["log"], ["show", "latest"], ["diff", "latest~1", "latest"], ["snapshot", CLIHarness.demoBuild(2)],
    ]

    /// Demo builds 1 and 2 recorded: one pack each (each kept, so never merged). Returns the repository, the commits
    /// and, per commit, the pack holding it.
    func recordTwo(in scratch: ScratchDirectory) throws -> (repo: String, commits: [String], packs: [String]) {
        let repo = scratch.path("h")
        var commits: [String] = []
        for n in 1...2 {
            let r = CLIHarness.run(["snapshot", CLIHarness.demoBuild(n), "--repo", repo, "--format", "json"])
            #expect(r.status == 0, "\(r.err)")
            let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
            commits.append(json?["commit"] as? String ?? "")
            // Recording merges small packs; a kept pack is never merged, so each build
            // keeps its own pack here.
            let dir = repo + "/objects/pack"
            for name in try FileManager.default.contentsOfDirectory(atPath: dir) where name.hasSuffix(".pack") {
                _ = FileManager.default.createFile(atPath: dir + "/" + name.dropLast(5) + ".keep", contents: Data())
            }
        }
        let packs = try commits.map { commit in try #require(try packEntry(repo, holding: commit)).pack }
        #expect(Set(packs).count == 2)
        return (repo, commits, packs)
    }

    /// The pack (path without extension) holding `id`, with the object's offset and size there.
    func packEntry(_ repo: String, holding id: String) throws -> (pack: String, offset: Int, size: Int)? {
        let dir = repo + "/objects/pack"
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) where name.hasSuffix(".idx") {
            let listing = try runGit(["verify-pack", "-v", dir + "/" + name], in: repo).out
            for line in listing.split(separator: "\n") where line.hasPrefix(id + " ") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard fields.count >= 5, let size = Int(fields[3]), let offset = Int(fields[4]) else { continue }
                return (dir + "/" + String(name.dropLast(4)), offset, size)
            }
        }
        return nil
    }

    func expectOneError(_ arguments: [String], repo: String, _ expected: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        let r = CLIHarness.run(arguments + ["--repo", repo])
        #expect(r.status == 2, "\(arguments): \(r.out)", sourceLocation: sourceLocation)
        #expect(r.err == "bundlediff: error: \(repo): \(expected); the history is damaged (git fsck lists every problem)\n",
                "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test func missingNewestCommit() throws {
        let scratch = try ScratchDirectory("damaged")
        let (repo, commits, packs) = try recordTwo(in: scratch)
        for ext in [".pack", ".idx"] { try FileManager.default.removeItem(atPath: packs[1] + ext) }
        for command in Self.commands { expectOneError(command, repo: repo, "commit \(commits[1]) is missing") }
    }

    @Test func missingOlderObjects() throws {
        let scratch = try ScratchDirectory("damaged")
        let (repo, commits, packs) = try recordTwo(in: scratch)
        for ext in [".pack", ".idx"] { try FileManager.default.removeItem(atPath: packs[0] + ext) }
        expectOneError(["log"], repo: repo, "commit \(commits[0]) is missing")
        // The newest build shares unchanged trees and records with the first one.
        let show = CLIHarness.run(["show", commits[1], "--repo", repo])
        #expect(show.status == 2)
        let pattern = #/^bundlediff: error: .*: commit [0-9a-f]{10}: (tree|blob) ([0-9a-f]{40}) is missing; the history is damaged \(git fsck lists every problem\)\n$/#
        let match = try #require(show.err.wholeMatch(of: pattern), "\(show.err)")
        #expect(try runGit(["cat-file", "-e", String(match.output.2)], in: repo).status != 0)
    }

    @Test func corruptCommit() throws {
        let scratch = try ScratchDirectory("damaged")
        let (repo, commits, _) = try recordTwo(in: scratch)
        let entry = try #require(try packEntry(repo, holding: commits[1]))
        let file = entry.pack + ".pack"
        chmod(file, 0o644)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        for i in (entry.offset + entry.size / 2)..<(entry.offset + entry.size / 2 + 8) { bytes[i] ^= 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        for command in Self.commands {
            let r = CLIHarness.run(command + ["--repo", repo])
            #expect(r.status == 2)
            #expect(r.err.hasPrefix("bundlediff: error: \(repo): commit \(commits[1]) cannot be read: "), "\(command): \(r.err)")
            #expect(r.err.hasSuffix("; the history is damaged (git fsck lists every problem)\n"), "\(command): \(r.err)")
            #expect(r.err.split(separator: "\n").count == 1)
        }
    }
}
