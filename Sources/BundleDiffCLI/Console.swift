#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where commands write. The process uses standard output and error; tests capture both.
public final class Console: @unchecked Sendable {
    private var outBuffer: String? = nil
    private var errBuffer: String? = nil
    /// Whether standard output is a terminal (progress bars and colour only then).
    public let isTerminal: Bool
    /// The environment the command runs with.
    public let environment: [String: String]

    /// A console that writes to the process's standard output and error.
    public static func process(environment: [String: String]) -> Console {
        Console(capturing: false, isTerminal: isatty(1) == 1, environment: environment)
    }

    /// A console that captures what commands write (for tests); `terminal` makes it
    /// behave as a terminal would (colour) while still capturing.
    public static func capturing(environment: [String: String] = [:], terminal: Bool = false) -> Console {
        Console(capturing: true, isTerminal: terminal, environment: environment)
    }

    private init(capturing: Bool, isTerminal: Bool, environment: [String: String]) {
        if capturing { outBuffer = ""; errBuffer = "" }
        self.isTerminal = isTerminal
        self.environment = environment
    }

    /// What was written to standard output (capturing consoles only).
    public var capturedOutput: String { outBuffer ?? "" }
    /// What was written to standard error (capturing consoles only).
    public var capturedError: String { errBuffer ?? "" }

    /// Writes text to standard output as is (no newline added).
    public func write(_ text: String) {
        if outBuffer != nil { outBuffer? += text } else { Self.writeAll(1, text) }
    }

    /// Writes one line to standard output.
    public func line(_ text: String = "") { write(text + "\n") }

    /// Writes one line to standard error.
    public func error(_ text: String) {
        if errBuffer != nil { errBuffer? += text + "\n" } else { Self.writeAll(2, text + "\n") }
    }

    /// Redraws a progress line on standard error; only on a terminal.
    public func progress(_ text: String) {
        guard errBuffer == nil, isatty(2) == 1 else { return }
        Self.writeAll(2, "\r\u{1B}[2K" + text)
    }

    /// Clears the progress line.
    public func endProgress() {
        guard errBuffer == nil, isatty(2) == 1 else { return }
        Self.writeAll(2, "\r\u{1B}[2K")
    }

    private static func writeAll(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            #if canImport(Glibc)
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            #else
            let n = bytes.withUnsafeBytes { Darwin.write(fd, $0.baseAddress, $0.count) }
            #endif
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(n)
        }
    }

    @TaskLocal static var current: Console = .process(environment: [:])
}
