import Foundation

/// Runs a program as a child process (the built `bundlediff`, or a wrapper such as
/// `setpriv` or `sh -c 'ulimit …'`) and collects its exit and standard error; standard
/// output is discarded.
struct ChildProcess {
    var reason: Process.TerminationReason
    var status: Int32
    var err: String

    /// Whether the child ended by itself (not by a signal) with exit code 2, the CLI's
    /// answer to bad input.
    var isCleanInputError: Bool { reason == .exit && status == 2 }

    static func run(_ executable: String, _ arguments: [String],
                    environment: [String: String]? = nil) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return ChildProcess(reason: process.terminationReason, status: process.terminationStatus, err: message)
    }
}
