import FoundationEssentials
import Platform
import Reporters

/// A progress bar on standard error for large builds, drawn only when standard error is a
/// terminal (whatever standard output is) and only when the percentage changes (hashing
/// threads report often). Sizes in `ByteCount` units.
final class ProgressBar: @unchecked Sendable {
    /// Builds smaller than this finish too fast for a bar to help.
    static let minimumBytes: UInt64 = 64 << 20
    private let console: Console
    private let lock = Lock()
    private var shown = -1

    private let quiet: Bool

    /// A bar on `console`'s standard error; none at all when `quiet`.
    init(console: Console, quiet: Bool = false) {
        self.console = console
        self.quiet = quiet
    }

    /// The callback to hand to the reader; nil when no bar should be drawn.
    var callback: (@Sendable (UInt64, UInt64) -> Void)? {
        guard console.isErrorTerminal, !quiet else { return nil }
        return { [self] done, total in update(done, total) }
    }

    private func update(_ done: UInt64, _ total: UInt64) {
        guard total >= Self.minimumBytes else { return }
        let percent = Int(min(100, done * 100 / max(total, 1)))
        lock.lock()
        defer { lock.unlock() }
        guard percent != shown else { return }
        shown = percent
        let width = 30, filled = percent * width / 100
        console.progress("hashing [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                         + "] \(percent)% of \(ByteCount.text(total))")
    }

    /// Runs `body` with the bar's callback, clearing the bar after it.
    func showing<T>(_ body: ((@Sendable (UInt64, UInt64) -> Void)?) throws -> T) rethrows -> T {
        defer { finish() }
        return try body(callback)
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown >= 0 { console.endProgress() }
    }
}
