import Foundation

/// A progress bar on standard error for large builds, drawn only on a terminal and only
/// when the percentage changes (hashing threads report often).
final class ProgressBar: @unchecked Sendable {
    /// Builds smaller than this finish too fast for a bar to help.
    static let minimumBytes: UInt64 = 64 << 20
    private let console: Console
    private let lock = NSLock()
    private var shown = -1

    init(console: Console) { self.console = console }

    /// The callback to hand to the reader; nil when no bar should be drawn.
    var callback: (@Sendable (UInt64, UInt64) -> Void)? {
        guard console.isTerminal else { return nil }
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
                         + "] \(percent)% of \(total >> 20) MiB")
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown >= 0 { console.endProgress() }
    }
}
