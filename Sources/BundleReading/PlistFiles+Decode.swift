import BundleModel
import PropertyLists

extension PlistFiles {
    /// Decodes a file's bytes by its kind; failures become `.undecodable` with the reason.
    static func decode(_ bytes: [UInt8], path: BundlePath) -> DecodedPlist {
        do throws(PlistError) {
            switch kind(of: path) {
            case .strings:
                return .decoded(try PropertyListReader.readStrings(bytes))
            case .provisioningProfile:
                return .decoded(try PropertyListReader.read(try ProvisioningProfile.plistBytes(fromCMS: bytes)))
            case .propertyList, nil:
                return .decoded(try PropertyListReader.read(bytes))
            }
        } catch {
            return .undecodable(reason: error.description)
        }
    }
}
