import Foundation
import Testing
import TestSupport

/// The built `bundlediff` against a server that never answers: the process itself must end
/// (exit 2, one line) although a thread is still blocked reading from the socket.
@Suite struct FreshProcessRemoteTests {
    @Test(.enabled(if: FreshProcessTests.runnable, "needs the built bundlediff next to the tests"))
    func silentRemoteEndsTheProcess() throws {
        let scratch = try ScratchDirectory("fresh-remote")
        let server = try LoopbackServer("silent")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: UnreadableFileTests.binary)
        process.arguments = ["sync", "https://ci:hunter2@127.0.0.1:\(server.port)/h.git", "--repo", scratch.path("h")]
        process.environment = ["BUNDLEDIFF_NETWORK_TIMEOUT": "1", "PATH": "/usr/bin:/bin"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        let started = Date()
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2)
        #expect(message == "bundlediff: error: remote https://ci:***@127.0.0.1:\(server.port)/h.git: "
                + "fetch gave up: no answer for 1 s\n")
    }
}
