import Foundation

/// A server on 127.0.0.1 for remote-history tests: one of scripts/faults/serve.py's modes,
/// or `git daemon`. Stopped (by its process id) when the value goes away.
final class LoopbackServer {
    let port: Int
    private let process: Process

    /// `mode`: garbage, silent, deny, or http (with `root`).
    init(_ mode: String, root: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", CLIHarness.root + "/scripts/faults/serve.py", mode] + (root.map { [$0] } ?? [])
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        self.process = process
        let line = out.fileHandleForReading.availableLine()
        guard let port = Int(line) else {
            process.terminate()
            throw LoopbackError("serve.py \(mode) printed no port: '\(line)'")
        }
        self.port = port
    }

    /// `git daemon` serving the repositories under `base` (push enabled).
    init(gitDaemonFor base: String) throws {
        port = try Self.freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // git-daemon itself (not the `git daemon` wrapper): killing it then stops the server.
        process.arguments = ["sh", "-c", "exec \"$(git --exec-path)/git-daemon\" \"$@\"", "sh", "--reuseaddr", "--base-path=\(base)", "--export-all",
                             "--enable=receive-pack", "--listen=127.0.0.1", "--port=\(port)", base]
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        for _ in 0..<100 where !Self.accepts(port) { Thread.sleep(forTimeInterval: 0.05) }
    }

    deinit {
        // SIGKILL: the test runner may hand its children an ignored SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A port nothing listens on (bound, then released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw LoopbackError("cannot bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

struct LoopbackError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension FileHandle {
    /// Reads up to the first newline (or the end), without the newline.
    func availableLine() -> String {
        var bytes: [UInt8] = []
        while true {
            let chunk = readData(ofLength: 1)
            guard let byte = chunk.first, byte != UInt8(ascii: "\n") else { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
