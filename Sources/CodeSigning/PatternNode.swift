/// The parsed form of a seal pattern (a POSIX extended regular expression).
indirect enum PatternNode: Equatable, Sendable {
    /// Matches the empty string.
    case empty
    /// Consumes one byte of the set.
    case bytes(ByteSet)
    /// `^`: the start of the path (no `REG_NEWLINE`, so only there).
    case begin
    /// `$`: the end of the path.
    case end
    case concat([PatternNode])
    case alternation([PatternNode])
    /// `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`; `max` nil means unbounded.
    case repeated(PatternNode, min: Int, max: Int?)
}
