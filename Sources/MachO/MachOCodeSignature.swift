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
