import Foundation

/// The process environment, for `main.swift`.
public func processEnvironment() -> [String: String] {
    ProcessInfo.processInfo.environment
}

/// Sets up process-wide signal handling, for `main.swift`, before anything is written.
///
/// SIGXFSZ is ignored: when a write passes the file-size limit (`ulimit -f`), the default
/// action kills the process without a word. Ignored, the write fails with EFBIG instead,
/// and the error reaches the user as one message naming the history ("File too large"),
/// after the partly written pack has been removed.
public func prepareProcess() {
    signal(SIGXFSZ, SIG_IGN)
}

/// Ends the process with `code`, for `main.swift`.
public func exitProcess(_ code: Int32) -> Never {
    exit(code)
}

/// Why the working directory cannot be used, or nil: a shell can stay in a folder that has
/// since been deleted, and then every relative path (the default history `.bundlediff`,
/// `.bundlediff.yml`, `-o report.md`) would fail with a misleading message of its own.
func workingDirectoryProblem() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) == nil, errno == ENOENT else { return nil }
    return "the working directory no longer exists (it was deleted or moved): cd to an existing folder"
}
