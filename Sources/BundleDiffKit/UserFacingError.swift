/// An error the CLI prints as one line and answers with exit code 2.
public struct UserFacingError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) { self.description = description }

    /// Wraps any product error (input, store, configuration) in one line.
    public init(_ error: any Error) {
        if let e = error as? UserFacingError { self = e; return }
        description = String(describing: error)
    }
}
