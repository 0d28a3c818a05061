import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// One budget for every reader: a directory build and an `.ipa` over the same limit
/// (`ReadOptions.Limits`) are refused with the same message, while they are listed,
/// before their content is read. See docs/reliability.md, "Limits".
@Suite struct ReadBudgetTests {
    enum Input: String, CaseIterable, Sendable { case directory, ipa }

    /// An iOS app with `files` added below `MyApp.app/`, written as a directory (sparse
    /// files) or an ipa (zeros, or with `declared` one byte declared as `size`); returns
    /// the path to record.
    static func build(_ input: Input, in sandbox: HostileSandbox,
                      files: [(name: String, size: Int)], declared: Bool = false) throws -> String {
        switch input {
        case .directory:
            let app = try FixtureBuilder.iOSApp(nested: false).writeDirectory(in: sandbox.inside)
            for file in files {
                let path = app + "/" + file.name
                let parent = (path as NSString).deletingLastPathComponent
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
                let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                try #require(fd >= 0)
                defer { close(fd) }
                try #require(ftruncate(fd, off_t(file.size)) == 0)   // sparse: no blocks written
            }
            return app
        case .ipa:
            var zip = FixtureBuilder.iOSApp(nested: false).ipa().zipWriter()
            for file in files {
                var entry = ZipWriter.Entry.file("Payload/MyApp.app/" + file.name,
                                                 declared ? [0] : [UInt8](repeating: 0, count: file.size))
                if declared { entry.declaredSize = UInt64(file.size) }
                zip.add(entry)
            }
            zip.zip64 = files.contains { $0.size > Int(UInt32.max) }
            let path = sandbox.inside + "/MyApp.ipa"
            try zip.write(to: path)
            return path
        }
    }

    /// Ten chains of 4,000 nested folders: 160 MB of paths from a few hundred KB of input
    /// (a zip lists only the deepest file of each chain and implies the folders). Each
    /// chain alone records (HostileTreeTests); together they pass the 128 MiB path budget.
    @Test(arguments: Input.allCases)
    func deepChainsPassThePathBudget(_ input: Input) throws {
        let sandbox = try HostileSandbox()
        let chain = String(repeating: "d/", count: 4_000)
        let path: String
        if input == .directory {   // too long for one path string: made a level at a time
            path = try Self.build(input, in: sandbox, files: [])
            for c in 0..<10 {
                try FileManager.default.createDirectory(atPath: path + "/c\(c)", withIntermediateDirectories: false)
                try HostileSandbox.makeChain(under: path + "/c\(c)", depth: 4_000)
            }
        } else {
            path = try Self.build(input, in: sandbox, files: (0..<10).map { ("c\($0)/" + chain + "f", 1) })
        }
        let r = sandbox.record(path)
        expectOneClearError(r, naming: path, "has paths totalling more than 134217728 bytes (the limit)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.history))
    }

    /// A 20 GiB file: a sparse file in a directory, a Zip64 entry declaring it in an ipa.
    /// Refused from its size, before a byte is read.
    @Test(arguments: Input.allCases)
    func contentOverTheByteBudget(_ input: Input) throws {
        let sandbox = try HostileSandbox()
        let path = try Self.build(input, in: sandbox, files: [("huge.bin", 20 << 30)], declared: true)
        let r = sandbox.record(path)
        expectOneClearError(r, naming: path, "holds more than 17179869184 bytes of file content (the limit)")
    }

    /// Five 30 MB property lists: each is under the 32 MiB per-file limit, together they
    /// pass the 128 MiB budget of property-list bytes to decode.
    @Test(arguments: Input.allCases)
    func plistsOverThePlistBudget(_ input: Input) throws {
        let sandbox = try HostileSandbox()
        let path = try Self.build(input, in: sandbox, files: (0..<5).map { ("data\($0).plist", 30_000_000) })
        let r = sandbox.record(path)
        expectOneClearError(r, naming: path, "has more than 134217728 bytes of property lists to decode (the limit)")
    }
}
