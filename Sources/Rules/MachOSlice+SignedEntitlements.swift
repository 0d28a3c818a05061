import MachO
import PropertyLists

extension MachOCodeSignature {
    /// The entitlements the signature claims (the XML blob, else the DER one), nil when it
    /// has none or they do not decode to a dictionary.
    var signedEntitlements: PlistDictionary? {
        (entitlementsXML?.value ?? entitlementsDER?.value)?.dictionaryValue
    }
}

extension MachOSlice {
    /// The entitlements the slice's code signature claims (see `MachOCodeSignature`).
    var signedEntitlements: PlistDictionary? { codeSignature?.signedEntitlements }
}
