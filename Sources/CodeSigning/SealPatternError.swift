/// Why a `rules2` key cannot be used as a pattern.
public enum SealPatternError: Error, Equatable, Sendable {
    /// `regcomp` would refuse it too, so Apple treats the whole seal as invalid
    /// (`errSecCSResourceRulesInvalid`).
    case invalid(String)
    /// Valid POSIX, but outside the subset bundlediff evaluates (collating elements,
    /// backslash-letter escapes) or larger than its bounds: the seal is not evaluated.
    case unsupported(String)

    /// The reason, for a message.
    public var reason: String {
        switch self {
        case .invalid(let r), .unsupported(let r): r
        }
    }
}
