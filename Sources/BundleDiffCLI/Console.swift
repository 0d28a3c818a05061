#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where commands write. The process uses standard output and error; tests capture both.
public final class Console: @unchecked Sendable {
    private var outBuffer: String? = nil
    private var errBuffer: String? = nil
    /// Whether standard output is a terminal (colour with `--color auto` only then).
    public let isTerminal: Bool
    /// Whether standard error is a terminal (progress bars only then).
    public let isErrorTerminal: Bool
    /// The width of the terminal on standard output (`TIOCGWINSZ`), nil when it is none.
    public let terminalColumns: Int?
    /// The environment the command runs with.
    public let environment: [String: String]

    /// A console that writes to the process's standard output and error.
    public static func process(environment: [String: String]) -> Console {
        Console(capturing: false, isTerminal: isatty(1) == 1, isErrorTerminal: isatty(2) == 1,
                terminalColumns: isatty(1) == 1 ? windowColumns(1) : nil, environment: environment)
    }

    /// A console that captures what commands write (for tests); `terminal` makes it
    /// behave as a terminal would (colour, `columns` wide) while still capturing;
    /// `errorTerminal` makes progress bars draw into the captured error.
    public static func capturing(environment: [String: String] = [:], terminal: Bool = false, columns: Int? = nil,
                                 errorTerminal: Bool = false) -> Console {
        Console(capturing: true, isTerminal: terminal, isErrorTerminal: errorTerminal, terminalColumns: columns,
                environment: environment)
    }

    private init(capturing: Bool, isTerminal: Bool, isErrorTerminal: Bool, terminalColumns: Int?,
                 environment: [String: String]) {
        if capturing { outBuffer = ""; errBuffer = "" }
        self.isTerminal = isTerminal
        self.isErrorTerminal = isErrorTerminal
        self.terminalColumns = terminalColumns
        self.environment = environment
    }

    /// The columns of the terminal on `fd`, nil when the system does not say.
    private static func windowColumns(_ fd: Int32) -> Int? {
        var size = winsize()
        #if canImport(Glibc)
        let status = ioctl(fd, UInt(TIOCGWINSZ), &size)
        #else
        let status = ioctl(fd, TIOCGWINSZ, &size)
        #endif
        return status == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
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
        guard isErrorTerminal else { return }
        if errBuffer != nil { errBuffer? += "\r\u{1B}[2K" + text } else { Self.writeAll(2, "\r\u{1B}[2K" + text) }
    }

    /// Clears the progress line.
    public func endProgress() {
        guard isErrorTerminal else { return }
        if errBuffer != nil { errBuffer? += "\r\u{1B}[2K" } else { Self.writeAll(2, "\r\u{1B}[2K") }
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
