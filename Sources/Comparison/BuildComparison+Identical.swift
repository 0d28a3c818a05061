extension BuildComparison {
    /// Whether the two builds are the same, file for file (property lists and signatures
    /// included), as a build compared with a byte-identical copy of itself is. Never true
    /// against the empty stand-in for a missing old build.
    public var isIdentical: Bool { isEmpty && !old.entries.isEmpty }
}
