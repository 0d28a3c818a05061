import BundleModel

/// One place where a bundle's files disagree with its seal (`_CodeSignature/CodeResources`).
public struct SealDiscrepancy: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A sealed file's content differs from its `hash2` (changed after signing).
        case changed
        /// A file the rules seal is not in `files2` (added after signing).
        case added
        /// A sealed, non-optional file is missing.
        case missing
        /// A sealed symlink points somewhere else.
        case symlinkTarget = "symlink-target"
        /// Sealed as a file, found as a symlink, or the other way round (or nested code
        /// sealed as something else).
        case kindChanged = "kind-changed"
        /// Nested code the seal names is missing.
        case nestedMissing = "nested-missing"
        /// A nested bundle the rules treat as nested code is not in `files2`.
        case nestedUnsealed = "nested-unsealed"
    }

    public var kind: Kind
    /// The path in the build.
    public var path: BundlePath
    /// For `symlinkTarget`: the sealed target and the one found; for `kindChanged`, the
    /// sealed target of a link found as something else.
    public var sealedTarget: String?
    public var foundTarget: [UInt8]?

    public init(kind: Kind, path: BundlePath, sealedTarget: String? = nil, foundTarget: [UInt8]? = nil) {
        self.kind = kind
        self.path = path
        self.sealedTarget = sealedTarget
        self.foundTarget = foundTarget
    }
}
