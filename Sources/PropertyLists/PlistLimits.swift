/// Resource limits every reader enforces, so a hostile file fails fast instead of
/// exhausting memory, stack or time.
public struct PlistLimits: Sendable, Hashable {
    /// Largest input accepted, in bytes.
    public var maxBytes: Int
    /// Deepest nesting of arrays and dictionaries accepted.
    public var maxDepth: Int
    /// Most values the decoded tree may hold once shared references are expanded
    /// (binary plists can reference one object from many places).
    public var maxObjects: Int
    /// Most bytes of string and data payload the decoded tree may hold once shared
    /// references are expanded.
    public var maxExpandedBytes: Int

    /// Creates limits; every value is clamped to at least 1.
    public init(maxBytes: Int, maxDepth: Int, maxObjects: Int, maxExpandedBytes: Int = 256 << 20) {
        self.maxBytes = max(1, maxBytes)
        self.maxDepth = max(1, maxDepth)
        self.maxObjects = max(1, maxObjects)
        self.maxExpandedBytes = max(1, maxExpandedBytes)
    }

    /// 64 MiB of input, 256 levels, 4 million values, 256 MiB of expanded payload.
    public static let `default` = PlistLimits(maxBytes: 64 << 20, maxDepth: 256,
                                              maxObjects: 4_000_000, maxExpandedBytes: 256 << 20)
}
