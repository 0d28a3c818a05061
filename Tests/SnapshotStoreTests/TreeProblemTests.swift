import Git
@testable import SnapshotStore
import Testing

/// What writing a snapshot's tree can meet becomes one problem: a name git refuses is a
/// path that cannot be recorded, any other git failure stays a git failure.
@Suite struct TreeProblemTests {
    @Test func errorsBecomeTreeProblems() {
        let refused = GitError(code: .invalidSpec, operation: "build tree", message: "a/b: appears twice")
        guard case .invalidPath(let why) = TreeProblem(refused) else { Issue.record("not a path"); return }
        #expect(why == "a/b: appears twice")
        let failed = GitError(code: .other(-1), operation: "write tree", message: "disk full")
        guard case .git(let kept) = TreeProblem(failed) else { Issue.record("not a git failure"); return }
        #expect(kept.message == "disk full")
        guard case .invalidPath(let same) = TreeProblem(TreeProblem.invalidPath("x: not a relative path")) else {
            Issue.record("not kept"); return
        }
        #expect(same == "x: not a relative path")
        // Empty components are refused before git sees them.
        #expect(throws: TreeProblem.self) { try SnapshotTreeWriter.storedComponents(.root) }
    }
}
