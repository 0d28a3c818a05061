import BundleDiffKit
import SnapshotStore
import TextSafety

/// `snapshot --push`: pushes the app's branch and tags after the local recording. A
/// failed push keeps the local build and says how to retry.
struct PushAfterRecord {
    let remote: RemoteSync
    let result: RecordResult
    let tags: [String]

    /// Pushes, reports what was pushed (to standard error with `--format json`, whose one
    /// document on standard output the caller writes afterwards), and returns the build's
    /// commit on the remote: a new id when it was put on top of other runners' builds.
    @discardableResult
    func run(_ console: Console, format: OutputFormat) throws -> String {
        let build = result.build
        let synced: SyncResult
        do {
            synced = try remote.run(scope: SyncScope(app: build.bundleId, extraTags: tags), push: true, create: false)
        } catch {
            throw UserFacingError("\(error.description); the build is recorded locally as \(build.shortCommit) "
                                  + "in \(remote.repositoryPath); push it later with: bundlediff sync "
                                  + "\(remote.address.redacted) --repo \(remote.repositoryPath)")
        }
        var (lines, warnings) = remote.describe(synced, pushed: true)
        if let moved = synced.rewritten[build.commit] {
            lines.append(VisibleText.escape("this build is now \(moved) (on top of the builds other runners pushed first)"))
        }
        // JSON output stays one document on standard output.
        if format == .text { console.line(lines.joined(separator: "\n")) } else { lines.forEach(console.error) }
        warnings.forEach { console.error("bundlediff: warning: \($0)") }
        return synced.rewritten[build.commit] ?? build.commit
    }
}
