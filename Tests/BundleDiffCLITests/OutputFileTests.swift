import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `-o` and `--write-baseline` write as a shell redirection would: links followed,
/// devices and FIFOs written in place, a regular file replaced whole keeping its mode,
/// and a write error reported in one line with exit 2. The devices are made in a scratch
/// folder: the machine's own `/dev/null` is never a test subject.
@Suite struct OutputFileTests {
    static let diff = ["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2), "--report-date", GoldenReportTests.date]
    static let isRoot = geteuid() == 0

    func fileType(_ path: String) -> mode_t? {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : nil
    }

    @Test func aSymlinkIsFollowedAndTheModeKept() throws {
        let scratch = try ScratchDirectory("output")
        let real = try scratch.write("real.md", "old")
        #expect(chmod(real, 0o640) == 0)
        #expect(symlink("real.md", scratch.path("link.md")) == 0)
        let r = CLIHarness.run(Self.diff + ["-o", scratch.path("link.md")])
        #expect(r.status == 1, "\(r.err)")
        #expect(fileType(scratch.path("link.md")) == S_IFLNK, "the link stays a link")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == CLIHarness.run(Self.diff).out)
        var st = stat()
        #expect(stat(real, &st) == 0 && st.st_mode & 0o7777 == 0o640, "the replaced file keeps its mode")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary file is left: \(leftovers)")
    }

    @Test func aDanglingSymlinkCreatesItsTarget() throws {
        let scratch = try ScratchDirectory("output")
        #expect(symlink(scratch.path("made.txt"), scratch.path("link")) == 0)
        let r = CLIHarness.run(Self.diff + ["-o", scratch.path("link")])
        #expect(r.status == 1, "\(r.err)")
        #expect(fileType(scratch.path("link")) == S_IFLNK)
        #expect(fileType(scratch.path("made.txt")) == S_IFREG)
    }

    @Test func aFIFOIsWrittenInPlace() throws {
        let scratch = try ScratchDirectory("output")
        let fifo = scratch.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader is open first, so the writer's open does not wait; the diff of a
        // build with itself is far below the pipe's buffer.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let same = ["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(1)]
        let expected = CLIHarness.run(same)
        let r = CLIHarness.run(same + ["-o", fifo])
        #expect(r.status == expected.status && r.err.isEmpty, "\(r.err)")
        #expect(fileType(fifo) == S_IFIFO, "the FIFO is still a FIFO")
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = read(reader, &buffer, buffer.count)
        #expect(n > 0 && String(decoding: buffer[..<max(0, n)], as: UTF8.self) == expected.out)
    }

    /// Character devices made with mknod (root only): a null device stays a device, and
    /// a full one (`ENOSPC` on every write) is an error, not a success.
    @Test(.enabled(if: isRoot, "mknod needs root")) func characterDevicesAreWrittenInPlace() throws {
        let scratch = try ScratchDirectory("output")
        let null = scratch.path("null"), full = scratch.path("full")
        #expect(mknod(null, S_IFCHR | 0o666, 1 << 8 | 3) == 0)
        #expect(mknod(full, S_IFCHR | 0o666, 1 << 8 | 7) == 0)

        let quiet = CLIHarness.run(Self.diff + ["-o", null])
        #expect(quiet.status == 1, "\(quiet.err)")
        #expect(fileType(null) == S_IFCHR, "the device is still a device")

        let r = CLIHarness.run(Self.diff + ["-o", full])
        #expect(r.status == 2)
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.contains("\(full): cannot write the report: no space left on device"), "\(r.err)")
        #expect(fileType(full) == S_IFCHR)

        let baseline = CLIHarness.run(Self.diff + ["--write-baseline", full])
        #expect(baseline.status == 2 && baseline.err.contains("cannot write the baseline: no space left on device"),
                "\(baseline.err)")
    }

    @Test func aBaselineNamingAFolderIsRefused() throws {
        let scratch = try ScratchDirectory("output")
        let r = CLIHarness.run(Self.diff + ["--write-baseline", scratch.path])
        #expect(r.status == 2)
        #expect(r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(r.err.contains("\(scratch.path): cannot write the baseline: it is a folder"), "\(r.err)")
        let missing = CLIHarness.run(Self.diff + ["--write-baseline", scratch.path("none/b.yml")])
        #expect(missing.status == 2 && missing.err.contains("the folder \(scratch.path("none")) does not exist"),
                "\(missing.err)")
    }

    @Test func aBaselineReplacesItsFileWhole() throws {
        let scratch = try ScratchDirectory("output")
        let file = try scratch.write("baseline.yml", "old")
        #expect(chmod(file, 0o604) == 0)
        let r = CLIHarness.run(Self.diff + ["--write-baseline", file])
        #expect(r.status == 1, "\(r.err)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("# bundlediff baseline"))
        var st = stat()
        #expect(stat(file, &st) == 0 && st.st_mode & 0o7777 == 0o604)
    }
}
