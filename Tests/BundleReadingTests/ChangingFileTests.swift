import BundleModel
import BundleReading
import Foundation
import Testing
import TestSupport

/// Files that change while a build is being read: the change happens from the progress
/// callback, which runs on the (single) reading thread after each chunk of the biggest
/// file (read first), so it falls between the listing and the read of a file, or in the
/// middle of one. Each must be one error naming the file, never a record of mixed content.
@Suite struct ChangingFileTests {
    /// A bundle with `Big.bin` (3 MiB: three chunks) and `small.txt`.
    func writeApp(in scratch: ScratchDirectory) throws -> String {
        var app = FixtureBuilder.iOSApp(nested: false)
        app.setFile("MyApp.app/Big.bin", FixtureBuilder.bytes(3 << 20, seed: 7))
        app.setFile("MyApp.app/small.txt", "small")
        return try app.writeDirectory(in: scratch.path)
    }

    /// Reads `app` with one worker, running `change` once, after the first chunk.
    func read(_ app: String, change: @escaping @Sendable () -> Void) -> InputError? {
        let once = Once()
        let options = ReadOptions(progress: { done, _ in if done > 0 { once.run(change) } }, concurrency: 1)
        do {
            _ = try BuildReader.read(path: app, options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test func vanishedFile() throws {
        let scratch = try ScratchDirectory()
        let app = try writeApp(in: scratch)
        let error = read(app) { unlink(app + "/small.txt") }
        #expect(error?.description == "\(app)/small.txt: vanished while the build was being read")
    }

    @Test func replacedFile() throws {
        let scratch = try ScratchDirectory()
        let app = try writeApp(in: scratch)
        let error = read(app) {
            try? Data("other".utf8).write(to: URL(fileURLWithPath: scratch.path("new")))
            rename(scratch.path("new"), app + "/small.txt")
        }
        #expect(error?.description == "\(app)/small.txt: changed while it was being read")
    }

    @Test(arguments: [("shrank", 1 << 20), ("grew", 5 << 20)])
    func resizedWhileRead(word: String, size: Int) throws {
        let scratch = try ScratchDirectory()
        let app = try writeApp(in: scratch)
        let error = read(app) { truncate(app + "/Big.bin", off_t(size)) }
        #expect(error?.description == "\(app)/Big.bin: changed while it was being read (\(word))")
    }

    /// Same size, same inode, new bytes where the read already passed: only the status
    /// change time tells. Written after a pause, since file times move in clock ticks.
    @Test func rewrittenInPlaceWhileRead() throws {
        let scratch = try ScratchDirectory()
        let app = try writeApp(in: scratch)
        let error = read(app) {
            Thread.sleep(forTimeInterval: 0.05)
            let fd = open(app + "/Big.bin", O_WRONLY)
            _ = pwrite(fd, [UInt8](repeating: 0xAB, count: 4096), 4096, 0)
            close(fd)
        }
        #expect(error?.description == "\(app)/Big.bin: changed while it was being read")
    }

    @Test func rewrittenBeforeItsRead() throws {
        let scratch = try ScratchDirectory()
        let app = try writeApp(in: scratch)
        let error = read(app) {
            Thread.sleep(forTimeInterval: 0.05)
            try? Data("SMALL".utf8).write(to: URL(fileURLWithPath: app + "/small.txt"))  // same size, in place
        }
        #expect(error?.description == "\(app)/small.txt: changed while it was being read")
    }

    /// An .ipa is read through one descriptor: cut short or written in place while its
    /// entries are read, it is reported as changed (not as a corrupt zip).
    @Test(arguments: [false, true])
    func archiveChangedWhileRead(truncated: Bool) throws {
        let scratch = try ScratchDirectory()
        var app = FixtureBuilder.iOSApp(nested: false)
        app.setFile("MyApp.app/Big.bin", FixtureBuilder.bytes(3 << 20, seed: 9))
        let ipa = try app.embedded(in: "Payload").writeZip(to: scratch.path("MyApp.ipa"), method: .stored)
        let error = read(ipa) {
            Thread.sleep(forTimeInterval: 0.05)
            if truncated {
                truncate(ipa, 1 << 20)
            } else {
                let fd = open(ipa, O_WRONLY)
                _ = pwrite(fd, [UInt8](repeating: 0xAB, count: 16), 16, 200)
                close(fd)
            }
        }
        #expect(error?.description == "\(ipa): changed while it was being read")
    }

    @Test func untouchedBuildReads() throws {
        let scratch = try ScratchDirectory()
        let app = try writeApp(in: scratch)
        #expect(read(app) {} == nil)
    }
}

/// Runs a closure at most once, from any thread.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func run(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return }
        done = true
        body()
    }
}
