import Foundation
import Testing
import TestSupport

/// An unreadable file inside a build: one message naming it, exit 2, nothing written.
/// Root reads any file, so as root the built `bundlediff` runs as `nobody` (setpriv);
/// as another user it runs directly.
@Suite struct UnreadableFileTests {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("bundlediff").path
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let isRoot = getuid() == 0
    static let runnable = FileManager.default.isExecutableFile(atPath: binary) && (!isRoot || setpriv != nil)

    @Test(.enabled(if: runnable, "needs the built bundlediff next to the tests (and setpriv when root)"))
    func unreadableFileIsOneClearError() throws {
        let scratch = try ScratchDirectory("unreadable")
        chmod(scratch.path, 0o777)
        let app = scratch.path("Wanderlust.app")
        try FileManager.default.copyItem(atPath: CLIHarness.demoBuild(1), toPath: app)
        let tree = FileManager.default.enumerator(atPath: app)
        while let rel = tree?.nextObject() as? String { chmod(app + "/" + rel, 0o755) }
        chmod(app + "/Assets.car", 0o000)
        var arguments = [Self.binary, "snapshot", app, "--repo", scratch.path("h")]
        if Self.isRoot, let setpriv = Self.setpriv {
            arguments = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] + arguments
        }
        let child = try ChildProcess.run(arguments[0], Array(arguments.dropFirst()))
        #expect(child.isCleanInputError)
        #expect(child.err == "bundlediff: error: \(app)/Assets.car: cannot be read: permission denied\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("h")))
    }
}
