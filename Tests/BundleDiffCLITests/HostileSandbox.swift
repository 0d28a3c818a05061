import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A scratch area for recording hostile bundles: `outside/canary.txt` holds a secret that
/// must never reach the history, bundles go below `in/`, the history is `h`. `listing()`
/// snapshots everything but the history, so a test can prove nothing was written outside.
final class HostileSandbox {
    static let secret = "CANARY-7f3c9b2e-outside-the-bundle"
    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory("hostile")
        for dir in ["in", "outside"] {
            try FileManager.default.createDirectory(atPath: scratch.path(dir), withIntermediateDirectories: true)
        }
        try Data(Self.secret.utf8).write(to: URL(fileURLWithPath: canary))
    }

    var history: String { scratch.path("h") }
    var canary: String { scratch.path("outside/canary.txt") }
    var inside: String { scratch.path("in") }

    /// Records `build` into the history (a fixed time, so runs are reproducible).
    func record(_ build: String) -> CLIResult {
        CLIHarness.run(["snapshot", build, "--repo", history, "--recorded-at", "2026-11-20T10:00:00Z"])
    }

    /// Every path below the scratch directory but the history, with type, size and mtime
    /// (the scratch directory itself changes when the history is made in it). Raw
    /// names, however deep: `find` walks with descriptors, not path strings.
    func listing() throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/find")
        process.arguments = [scratch.path, "-mindepth", "1", "-path", history, "-prune", "-o", "-printf", "%P\\0%y %s %T@\\0"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let fields = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        return stride(from: 0, to: fields.count - 1, by: 2).map { fields[$0] + " | " + fields[$0 + 1] }
    }

    /// The bytes of every object in the history (loose and packed), decompressed.
    func historyObjects() throws -> String {
        try runGit(["--git-dir", history, "cat-file", "--batch-all-objects", "--batch"], in: scratch.path).out
    }

    /// `git fsck --strict` finds nothing to complain about.
    func expectFsckClean(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fsck = try runGit(["--git-dir", history, "fsck", "--strict", "--no-dangling"], in: scratch.path)
        #expect(fsck.status == 0 && !fsck.err.contains("warning"), "\(fsck.err)", sourceLocation: sourceLocation)
    }

    /// The secret is not in any history object and the canary is untouched.
    func expectCanaryNotRecorded(sourceLocation: SourceLocation = #_sourceLocation) throws {
        if FileManager.default.fileExists(atPath: history) {
            let objects = try historyObjects()
            #expect(!objects.isEmpty, sourceLocation: sourceLocation)
            #expect(!objects.contains(Self.secret), "the canary's content was recorded", sourceLocation: sourceLocation)
        }
        #expect(try String(contentsOfFile: canary, encoding: .utf8) == Self.secret, sourceLocation: sourceLocation)
    }

    /// A chain `root/d/d/…/d` of `depth` directories with a file at the bottom, made with
    /// `mkdirat`/`openat` one level at a time (the full path is far beyond PATH_MAX).
    static func makeChain(under root: String, depth: Int) throws {
        var fd = open(root, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { throw ScratchError("open \(root): errno \(errno)") }
        for level in 0..<depth {
            guard mkdirat(fd, "d", 0o755) == 0 else { throw ScratchError("mkdirat at level \(level): errno \(errno)") }
            let child = openat(fd, "d", O_RDONLY | O_DIRECTORY)
            close(fd)
            guard child >= 0 else { throw ScratchError("openat at level \(level): errno \(errno)") }
            fd = child
        }
        let file = openat(fd, "bottom.txt", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        close(fd)
        guard file >= 0 else { throw ScratchError("bottom.txt: errno \(errno)") }
        close(file)
    }
}

/// Exit 2 with one line `bundlediff: error: <file>: <problem>`: no trap, no backtrace.
func expectOneClearError(_ r: CLIResult, naming file: String, _ problem: String,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(r.status == 2, "\(r.err)", sourceLocation: sourceLocation)
    #expect(r.err.hasPrefix("bundlediff: error: " + file), "\(r.err)", sourceLocation: sourceLocation)
    #expect(r.err.contains(problem), "\(r.err)", sourceLocation: sourceLocation)
    #expect(r.err.hasSuffix("\n") && r.err.filter { $0 == "\n" }.count == 1, "\(r.err)", sourceLocation: sourceLocation)
    #expect(r.out.isEmpty, sourceLocation: sourceLocation)
}

/// No raw control or bidi characters (newline aside) reach the terminal.
func expectPrintable(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let bad = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value)
        || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) || $0.value == 0x200F }
    #expect(bad.isEmpty, "unescaped \(bad.map(\.value)) in: \(text)", sourceLocation: sourceLocation)
}
