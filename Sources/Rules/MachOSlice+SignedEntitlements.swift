import MachO
import PropertyLists

extension MachOSlice {
    /// The entitlements the slice's code signature claims (the XML blob, else the DER one),
    /// nil when it has none or they do not decode to a dictionary.
    var signedEntitlements: PlistDictionary? {
        guard let signature = codeSignature else { return nil }
        return (signature.entitlementsXML?.value ?? signature.entitlementsDER?.value)?.dictionaryValue
    }
}
