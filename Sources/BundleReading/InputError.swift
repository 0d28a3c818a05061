/// A problem with the input: one clear message naming the file and what is wrong.
/// The CLI prints `description` and exits with code 2.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file the problem is about, as the user would recognise it.
    public var file: String
    public var problem: String

    public init(file: String, _ problem: String) {
        self.file = file
        self.problem = problem
    }

    public var description: String { "\(file): \(problem)" }
}
