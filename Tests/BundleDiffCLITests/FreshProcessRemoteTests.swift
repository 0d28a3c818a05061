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
        let started = Date()
        let child = try ChildProcess.run(UnreadableFileTests.binary,
                                         ["sync", "https://ci:hunter2@127.0.0.1:\(server.port)/h.git", "--repo", scratch.path("h")],
                                         environment: ["BUNDLEDIFF_NETWORK_TIMEOUT": "1", "PATH": "/usr/bin:/bin"])
        let message = child.err
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(child.isCleanInputError)
        #expect(message == "bundlediff: error: remote https://ci:***@127.0.0.1:\(server.port)/h.git: "
                + "fetch gave up: no answer for 1 s\n")
    }
}
