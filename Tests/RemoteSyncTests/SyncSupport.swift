import BundleModel
import BundleReading
import Foundation
import Git
import SnapshotStore
import Testing
import TestSupport

/// A bare remote made by the git CLI (as a git host would hold it).
func makeBareRemote(_ scratch: ScratchDirectory, _ name: String = "remote.git") throws -> String {
    let path = scratch.path(name)
    let made = try runGit(["init", "--bare", "-q", path], in: scratch.path)
    #expect(made.status == 0, "\(made.err)")
    return path
}

/// Records the fixture app with this short version and build (and one file that makes
/// builds differ) into `store`.
@discardableResult
func recordApp(_ store: HistoryStore, in scratch: ScratchDirectory, short: String = "1.0", build: String,
               content: String? = nil, at time: Int64 = 1_700_000_000) throws -> RecordResult {
    var app = FixtureBuilder.iOSApp(shortVersion: short, version: build, nested: false)
    app.setFile("MyApp.app/build.txt", content ?? "build \(build)")
    let folder = scratch.path("in-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let snapshot = try BuildReader.read(path: try app.writeDirectory(in: folder))
    return try store.record(snapshot, options: RecordOptions(recordedAt: time, toolVersion: "test"))
}

func transfer(_ store: HistoryStore, to remote: String, timeout: Double = 20) throws -> RemoteTransfer {
    RemoteTransfer(repositoryPath: store.path, address: try RemoteAddress(remote, relativeTo: "/"),
                   credentials: RemoteCredentials(), stallTimeout: timeout)
}

/// `git rev-list --count` of a reference.
func commitCount(_ ref: String, in repo: String) throws -> Int {
    let out = try runGit(["rev-list", "--count", ref], in: repo)
    #expect(out.status == 0, "\(out.err)")
    return Int(out.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
}

/// `git fsck --strict` must be clean.
func expectFsckClean(_ repo: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let fsck = try runGit(["fsck", "--strict", "--no-dangling"], in: repo)
    #expect(fsck.status == 0, "git fsck failed: \(fsck.err)", sourceLocation: sourceLocation)
    #expect(!fsck.err.contains("error"), "git fsck error: \(fsck.err)", sourceLocation: sourceLocation)
}

let branch = "refs/heads/com.example.myapp/main"
