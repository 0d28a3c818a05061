import BundleModel
import Foundation
import SnapshotStore
import Testing
import TestSupport

/// Runs the git CLI isolated from the machine's config (global and system config off).
@discardableResult
func runGit(_ arguments: [String], in directory: String) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    process.environment = environment
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self))
}

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
