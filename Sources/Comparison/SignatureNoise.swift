import BundleModel

/// A change that is only a new code signature, not new content.
public struct SignatureNoise: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// `_CodeSignature/CodeResources` changed, but only for files whose content did not.
        case resealed
        /// An executable with equal size where every other change is a signature file.
        case resigned
        /// Another signature file (`_CodeSignature/*`, `embedded.mobileprovision`).
        case signatureFile = "signature-file"
    }

    public var kind: Kind
    public var path: BundlePath
    /// The file on both sides.
    public var change: FileModification

    public init(kind: Kind, path: BundlePath, change: FileModification) {
        self.kind = kind
        self.path = path
        self.change = change
    }
}
