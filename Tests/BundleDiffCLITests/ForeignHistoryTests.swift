import Foundation
import Testing
import TestSupport

/// A history this user may not fully read, run as `nobody` (setpriv) when the tests run
/// as root: one message naming what is wrong, exit 2; not "not a git repository", not
/// "the history is damaged".
@Suite struct ForeignHistoryTests {
    static let enabled = UnreadableFileTests.isRoot && UnreadableFileTests.setpriv != nil
        && FileManager.default.isExecutableFile(atPath: UnreadableFileTests.binary)

    func runAsNobody(_ arguments: [String]) throws -> (status: Int32, err: String) {
        let child = try ChildProcess.run(UnreadableFileTests.setpriv ?? "/usr/bin/setpriv",
                                         ["--reuid=65534", "--regid=65534", "--clear-groups", UnreadableFileTests.binary] + arguments)
        return (child.status, child.err)
    }

    /// A recorded history, readable by everyone, owned by `owner`.
    func history(in scratch: ScratchDirectory, owner: uid_t) throws -> String {
        chmod(scratch.path, 0o755)
        let repo = scratch.path("h")
        #expect(CLIHarness.run(["snapshot", CLIHarness.demoBuild(1), "--repo", repo]).status == 0)
        let tree = FileManager.default.enumerator(atPath: repo)
        for path in [repo] + (tree?.allObjects as? [String] ?? []).map({ repo + "/" + $0 }) {
            chmod(path, 0o755)
            chown(path, owner, owner)
        }
        return repo
    }

    @Test(.enabled(if: enabled, "needs root, setpriv and the built bundlediff"))
    func historyOfAnotherUser() throws {
        let scratch = try ScratchDirectory("foreign")
        let repo = try history(in: scratch, owner: 0)
        for command in [["log"], ["snapshot", CLIHarness.demoBuild(2)]] {
            let r = try runAsNobody(command + ["--repo", repo])
            #expect(r.status == 2)
            #expect(r.err == "bundlediff: error: \(repo): open repository: it belongs to another user (uid 0), "
                    + "and libgit2 opens only the current user's repositories\n")
        }
    }

    @Test(.enabled(if: enabled, "needs root, setpriv and the built bundlediff"))
    func unreadablePackFile() throws {
        let scratch = try ScratchDirectory("foreign")
        let repo = try history(in: scratch, owner: 65534)
        let packs = try FileManager.default.contentsOfDirectory(atPath: repo + "/objects/pack").filter { $0.hasSuffix(".pack") }
        let pack = repo + "/objects/pack/" + (try #require(packs.first))
        chown(pack, 0, 0)
        chmod(pack, 0o600)
        let r = try runAsNobody(["show", "latest", "--repo", repo])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("bundlediff: error: \(repo): read commit "), "\(r.err)")
        #expect(r.err.hasSuffix(": \(pack) is not readable (permission denied)\n"), "\(r.err)")
    }
}
