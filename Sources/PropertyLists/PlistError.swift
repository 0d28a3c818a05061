/// Why a property list could not be read. `description` is one line that says what is
/// wrong and where (a line number for text formats, a byte offset for binary).
public struct PlistError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// 1-based line, for text formats.
    public var line: Int?
    /// Byte offset, for binary plists.
    public var offset: Int?

    public init(_ message: String, line: Int? = nil, offset: Int? = nil) {
        self.message = message
        self.line = line
        self.offset = offset
    }

    public var description: String {
        if let line { return "line \(line): \(message)" }
        if let offset { return "at byte \(offset): \(message)" }
        return message
    }
}
