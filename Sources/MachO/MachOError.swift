/// Why a Mach-O file could not be read: one line naming what is wrong (the caller puts the
/// file's path in front: `<file>: <message>`, exit 2).
public struct MachOError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line (no path; values from the file are escaped).
    public var message: String

    /// An error with the given one-line message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
