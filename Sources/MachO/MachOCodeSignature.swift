import PropertyLists

/// What the embedded code signature (`LC_CODE_SIGNATURE` superblob) says.
public struct MachOCodeSignature: Hashable, Sendable {
    /// The CodeDirectory's identifier (usually the bundle id); nil without a CodeDirectory.
    public var identifier: String?
    /// The team identifier (CodeDirectory version 0x20200 and later), when present.
    public var teamID: String?
    /// The CodeDirectory flags (`kSecCodeSignature…`); nil without a CodeDirectory.
    public var flags: UInt32?
    /// The hash type of the CodeDirectory the cdhash comes from.
    public var hashType: MachOHashType?
    /// The cdhash: the first 20 bytes of the hash of the best CodeDirectory (the strongest
    /// hash type, so the alternate SHA-256 one when present), lowercase hex.
    public var cdhash: String?
    /// True when the CMS signature blob holds a signature (an ad hoc signature has none or an empty one).
    public var hasCMSSignature: Bool
    /// The XML entitlements blob (`0xfade7171`), when present.
    public var entitlementsXML: MachOEntitlements?
    /// The DER entitlements blob (`0xfade7172`), when present.
    public var entitlementsDER: MachOEntitlements?

    /// A signature with the given facts.
    public init(identifier: String? = nil, teamID: String? = nil, flags: UInt32? = nil, hashType: MachOHashType? = nil,
                cdhash: String? = nil, hasCMSSignature: Bool = false, entitlementsXML: MachOEntitlements? = nil,
                entitlementsDER: MachOEntitlements? = nil) {
        self.identifier = identifier
        self.teamID = teamID
        self.flags = flags
        self.hashType = hashType
        self.cdhash = cdhash
        self.hasCMSSignature = hasCMSSignature
        self.entitlementsXML = entitlementsXML
        self.entitlementsDER = entitlementsDER
    }

    /// The ad hoc flag (`0x2`).
    public var isAdhoc: Bool { (flags ?? 0) & 0x2 != 0 }
    /// The hardened runtime flag (`0x10000`).
    public var hasHardenedRuntime: Bool { (flags ?? 0) & 0x1_0000 != 0 }
}

/// The hash type of a CodeDirectory (`CS_HASHTYPE_*`).
public struct MachOHashType: Hashable, Sendable, CustomStringConvertible {
    /// The number in the CodeDirectory.
    public var rawValue: UInt8

    /// The hash type with this number.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let sha1 = MachOHashType(rawValue: 1)
    public static let sha256 = MachOHashType(rawValue: 2)
    public static let sha256Truncated = MachOHashType(rawValue: 3)
    public static let sha384 = MachOHashType(rawValue: 4)

    private static let names = ["sha1", "sha256", "sha256-truncated", "sha384"]

    /// `sha1`, `sha256`, `sha256-truncated`, `sha384`; `hash-<n>` for others.
    public var description: String {
        (1...4).contains(rawValue) ? Self.names[Int(rawValue) - 1] : "hash-\(rawValue)"
    }

    /// The hash type `description` names; nil for any other text.
    public init?(name: Substring) {
        if let index = Self.names.firstIndex(where: { $0 == name }) {
            rawValue = UInt8(index + 1)
        } else if name.hasPrefix("hash-"), let n = UInt8(name.dropFirst(5)), String(n) == name.dropFirst(5),
                  !(1...4).contains(n) {
            rawValue = n
        } else {
            return nil
        }
    }
}

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
