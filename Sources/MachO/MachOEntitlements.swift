import PropertyLists

/// Entitlements from a signature blob: the decoded value, or why it did not decode (a
/// damaged blob is a fact about the build, not a reason to refuse the whole file).
public enum MachOEntitlements: Hashable, Sendable {
    /// The decoded entitlements (keys as in the blob).
    case value(PlistValue)
    /// The blob did not decode; the reason in one line.
    case undecodable(String)

    /// The decoded value, when it decoded.
    public var value: PlistValue? {
        if case .value(let v) = self { return v }
        return nil
    }
}
