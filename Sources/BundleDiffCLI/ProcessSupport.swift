#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BundleModel
import CProcess
import FoundationEssentials

/// The process environment, for `main.swift`: each `NAME=value` split at its first `=`;
/// of a name given twice, the first value (the one `getenv` finds). Read from `environ`
/// itself, not through `ProcessInfo`, whose set-up cost `--version` 3% of its time and
/// 2 MiB of its memory.
public func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    guard var cursor = bundlediff_environment() else { return environment }
    while let entry = cursor.pointee {
        let bytes = UnsafeRawBufferPointer(start: entry, count: strlen(entry))
        if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
            let name = String(decoding: bytes[..<equals], as: UTF8.self)
            if environment[name] == nil {
                environment[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
        }
        cursor += 1
    }
    return environment
}

/// Sets up process-wide signal handling and the allocator, for `main.swift`, before
/// anything is written.
///
/// SIGXFSZ is ignored: when a write passes the file-size limit (`ulimit -f`), the default
/// action kills the process without a word. Ignored, the write fails with EFBIG instead,
/// and the error reaches the user as one message naming the history ("File too large"),
/// after the partly written pack has been removed.
///
/// glibc's allocator serves blocks up to 32 MiB from its heap rather than from a fresh
/// mapping each (its default starts at 128 KiB), and keeps up to 64 MiB freed at the heap's
/// top instead of handing it back. A build's lists of 20,000 entries grow by doubling; each
/// step past 128 KiB was a new mapping whose every page faulted in again, and the old one
/// was unmapped. Measured on the recorded diff of a 20,000-file app: 15% fewer page faults,
/// 6% less CPU time (Benchmarks/README.md).
///
/// The heap also grows 64 MiB at a time, and the first 64 MiB are advised for transparent
/// huge pages, so that a command's first tens of MiB fault in as a few 2 MiB pages rather
/// than thousands of 4 KiB ones (the kernel's page-fault path was a fifth of the recorded
/// diff's CPU time): 0.84x wall on that diff, the same peak memory (Benchmarks/README.md).
/// It keeps up to 128 MiB freed at the top, so the grown part is not handed back at once.
/// What the command allocates starts on the first huge page (a block that is never freed
/// takes the small-page stretch before it), and every thread `BothCores` starts advises its
/// own heap the same way: 0.89x wall on that diff, 3 MiB more peak memory.
///
/// The executable's writable data (`.data` to the end of `.bss`, about 1 MB) is faulted in
/// at once, before any thread starts (`bundlediff_prefault_data`): the runtime writes to
/// about 200 of its pages during a command, each a page fault of its own, and one that
/// came while a second thread ran had the other CPU's TLB flushed too. 0.93x wall on the
/// recorded diff and on `--version`, about 0.6 MiB more resident (Benchmarks/README.md, stop 44).
///
/// What a command leaves to the exit is kept from now on (`KeptUntilExit`).
public func prepareProcess() {
    signal(SIGXFSZ, SIG_IGN)
    bundlediff_prefault_data()
    KeptUntilExit.keepFromNowOn()
    bundlediff_tune_allocator(32 << 20, 128 << 20, 64 << 20)
    // The lists the other core's threads build fault their memory in 2 MiB at a time too.
    BothCores.threadSetUp = { bundlediff_tune_thread_heap() }
}

/// Ends the process with `code`, for `main.swift`.
public func exitProcess(_ code: Int32) -> Never {
    exit(code)
}

/// Why the working directory cannot be used, or nil: a shell can stay in a folder that has
/// since been deleted, and then every relative path (the default history `.bundlediff`,
/// `.bundlediff.yml`, `-o report.md`) would fail with a misleading message of its own.
func workingDirectoryProblem() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) == nil, errno == ENOENT else { return nil }
    return "the working directory no longer exists (it was deleted or moved): cd to an existing folder"
}
