import Foundation
import Git
import SnapshotStore
import Testing
import TestSupport

/// A remote that serves objects `git fsck --strict` refuses: the fetch is refused with one
/// line, and the local history neither moves nor keeps any of those objects.
@Suite struct HostileRemoteTests {
    /// Puts a commit on the remote branch whose tree is one entry, `mode name`, pointing at
    /// the tip's own tree (written by git with `--literally`: git itself refuses such trees).
    static func serveHostileEntry(mode: String, name: [UInt8], remote: String, scratch: ScratchDirectory) throws {
        let tip = try runGit(["rev-parse", branch], in: remote).out.trimmingCharacters(in: .whitespacesAndNewlines)
        let tree = try runGit(["rev-parse", tip + "^{tree}"], in: remote).out.trimmingCharacters(in: .whitespacesAndNewlines)
        let entry = Data((mode + " ").utf8) + Data(name) + Data([0]) + Data(hexBytes(tree))
        let file = scratch.path("hostile-tree-\(UUID().uuidString)")
        try entry.write(to: URL(fileURLWithPath: file))
        let made = try runGit(["hash-object", "-t", "tree", "--literally", "-w", file], in: remote)
        #expect(made.status == 0, "\(made.err)")
        let hostileTree = made.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let commit = try runGit(["-c", "user.name=mallory", "-c", "user.email=m@example.com", "commit-tree", hostileTree,
                                 "-p", tip, "-m", "hostile"], in: remote)
        #expect(commit.status == 0, "\(commit.err)")
        let moved = try runGit(["update-ref", branch, commit.out.trimmingCharacters(in: .whitespacesAndNewlines)], in: remote)
        #expect(moved.status == 0, "\(moved.err)")
    }

    static func hexBytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var chars = Array(hex.utf8)[...]
        while chars.count >= 2 {
            out.append(UInt8(String(decoding: chars.prefix(2), as: UTF8.self), radix: 16) ?? 0)
            chars = chars.dropFirst(2)
        }
        return out
    }

    @Test(arguments: [
        ("40000", Array("..".utf8)),
        ("40000", Array(".git".utf8)),
        ("40000", Array(".GIT".utf8)),
        ("40000", Array(".git.".utf8)),
        ("40000", Array("git~1".utf8)),
        ("40000", Array(".g\u{200C}it".utf8)),
        ("100644", Array("a-file-that-is-a-tree".utf8)),  // the mode says blob, the object is a tree
        ("160000", Array("a-gitlink".utf8)),
    ])
    func aHostileTreeIsRefusedAndNothingOfItIsKept(mode: String, name: [UInt8]) throws {
        let scratch = try ScratchDirectory()
        let remote = try makeBareRemote(scratch)
        let victim = try HistoryStore.open(at: scratch.path("victim"), create: true)
        try recordApp(victim, in: scratch, build: "1")
        _ = try victim.sync(with: try transfer(victim, to: remote), scope: SyncScope(), push: true)
        let before = try runGit(["rev-parse", branch], in: scratch.path("victim")).out
        try Self.serveHostileEntry(mode: mode, name: name, remote: remote, scratch: scratch)
        #expect(throws: SyncError.self) {
            _ = try victim.sync(with: try transfer(victim, to: remote), scope: SyncScope(), push: false)
        }
        do {
            _ = try victim.sync(with: try transfer(victim, to: remote), scope: SyncScope(), push: true)
            Issue.record("a hostile remote was accepted")
        } catch let error as SyncError {
            #expect(error.description.contains("refused what it sent"), "\(error.description)")
            #expect(error.description.contains("the local history is unchanged"))
            #expect(!error.description.contains("\n"))
        }
        #expect(try runGit(["rev-parse", branch], in: scratch.path("victim")).out == before)
        try expectFsckClean(scratch.path("victim"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path("victim"))
            .filter { $0.hasPrefix("quarantine-") }
        #expect(leftovers.isEmpty)
    }
}
