import BundleDiffCLI
import Foundation
import TestSupport

/// Runs the CLI in-process with a capturing console; paths are absolute so the working
/// directory never matters.
struct CLIResult {
    var status: Int32
    var out: String
    var err: String
}

enum CLIHarness {
    /// The package root (for Demo/ and Reports/).
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// An environment whose text reports do not wrap (for tests that look for whole lines).
    static let unwrapped = ["COLUMNS": "10000"]

    static func demoBuild(_ n: Int) -> String { "\(root)/Demo/builds/\(n)/Wanderlust.app" }

    static func run(_ arguments: [String], environment: [String: String] = [:]) -> CLIResult {
        let console = Console.capturing(environment: environment)
        let status = CLI.run(arguments, console: console)
        return CLIResult(status: status, out: console.capturedOutput, err: console.capturedError)
    }

    /// Copies a demo build into `scratch`, edits its Info.plist and signs it again (the
    /// seal's hashes follow the edit, as a rebuild's would).
    static func editedDemoBuild(_ n: Int, in scratch: ScratchDirectory, named: String,
                                _ change: (inout [String: Any]) -> Void) throws -> String {
        let dir = scratch.path(named)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let app = dir + "/Wanderlust.app"
        try FileManager.default.copyItem(atPath: demoBuild(n), toPath: app)
        let infoURL = URL(fileURLWithPath: app + "/Info.plist")
        var info = try PropertyListSerialization.propertyList(from: Data(contentsOf: infoURL), format: nil) as? [String: Any] ?? [:]
        change(&info)
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0).write(to: infoURL)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: app + "/_CodeSignature/CodeResources")
        try FixtureBuilder.reseal(contentRoot: app)
        return app
    }

    /// Runs the git CLI on a repository, isolated from the machine's configuration.
    static func git(_ arguments: [String], repo: String) throws -> (status: Int32, out: String) {
        let r = try runGit(["--git-dir", repo] + arguments, in: root)
        return (r.status, r.out + r.err)
    }
}

extension ScratchDirectory {
    /// Writes a text file in the scratch directory and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }
}
