import Platform

/// Values left for the process's exit to free. A report of a 20,000-file build holds both
/// builds' entries, indexes and findings, some hundred thousand objects; releasing them one
/// by one after the report is written took 4% of a recorded diff, for nothing (clang's
/// `-disable-free` does the same). A history query's memo tables and repository handles
/// are kept the same way: freeing a handle's object cache took 5% of a cold query.
///
/// Only the executable keeps anything (`keepFromNowOn`, which `prepareProcess` calls): its
/// process ends after its one command. Elsewhere, as in the test suite, which runs one
/// command after another in its own process, `keep` lets the value go at once, so its
/// memory is freed and its handles close as usual.
public enum KeptUntilExit {
    private static let lock = Lock()
    nonisolated(unsafe) private static var kept: [Any] = []
    nonisolated(unsafe) private static var keeping = false

    /// Makes `keep` keep: for a process that exits after its one command.
    public static func keepFromNowOn() {
        lock.lock()
        defer { lock.unlock() }
        keeping = true
    }

    public static func keep(_ value: Any) {
        lock.lock()
        defer { lock.unlock() }
        if keeping { kept.append(value) }
    }
}
