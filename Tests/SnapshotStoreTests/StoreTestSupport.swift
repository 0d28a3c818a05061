import BundleModel
import Foundation
import SnapshotStore
import Testing
import TestSupport


/// `git fsck --strict` must be clean (exit 0, no warnings or errors).
func expectFsckClean(_ repo: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let fsck = try runGit(["fsck", "--strict", "--no-dangling"], in: repo)
    #expect(fsck.status == 0, "git fsck failed: \(fsck.err)", sourceLocation: sourceLocation)
    #expect(!fsck.err.contains("warning"), "git fsck warned: \(fsck.err)", sourceLocation: sourceLocation)
    #expect(!fsck.err.contains("error"), "git fsck error: \(fsck.err)", sourceLocation: sourceLocation)
}

/// Record options with a fixed time.
func options(_ at: Int64 = 1_700_000_000, channel: String = "main", tags: [String] = [],
             allowDuplicate: Bool = false) -> RecordOptions {
    RecordOptions(channel: channel, userTags: tags, recordedAt: at, toolVersion: "test", allowDuplicate: allowDuplicate)
}
