import Foundation

/// Runs a program as a child process (the built `bundlediff`, a wrapper such as `setpriv`
/// or `sh -c 'ulimit …'`, or a check script) and collects its exit, standard error and,
/// when asked, standard output.
public struct ChildProcess {
    public var reason: Process.TerminationReason
    public var status: Int32
    public var err: String
    public var out = ""

    /// Whether the child ended by itself (not by a signal) with exit code 2, the CLI's
    /// answer to bad input.
    public var isCleanInputError: Bool { reason == .exit && status == 2 }

    public static func run(_ executable: String, _ arguments: [String],
                    environment: [String: String]? = nil, captureOutput: Bool = false) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let err = Pipe()
        process.standardError = err
        // Standard output goes to a file, so a full pipe can never block the child.
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("child-stdout-\(UUID().uuidString)")
        if captureOutput {
            _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: outURL)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        defer { if captureOutput { try? FileManager.default.removeItem(at: outURL) } }
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let output = captureOutput ? String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self) : ""
        return ChildProcess(reason: process.terminationReason, status: process.terminationStatus, err: message, out: output)
    }
}
