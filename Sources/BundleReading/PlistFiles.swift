import BundleModel
import PropertyLists

/// Which recorded files are property lists worth decoding, and how each kind is decoded.
public enum PlistFiles {
    /// The kinds of property-list files a build holds.
    enum Kind: Equatable {
        /// `Info.plist`, `*.plist`, `*.stringsdict`, `*.xcprivacy`, `CodeResources`.
        case propertyList
        /// `*.strings`: binary, XML or old-style strings text.
        case strings
        /// `embedded.mobileprovision` / `embedded.provisionprofile`: a plist inside CMS.
        case provisioningProfile
    }

    /// Whether the file at `path` should be decoded: `Info.plist`, `*.plist`, `*.strings`,
    /// `*.stringsdict`, `*.xcprivacy`, `_CodeSignature/CodeResources`,
    /// `embedded.mobileprovision` and `embedded.provisionprofile`.
    public static func shouldDecode(_ path: BundlePath) -> Bool {
        kind(of: path) != nil
    }

    static func kind(of path: BundlePath) -> Kind? {
        let name = path.name
        if name == Array("Info.plist".utf8) { return .propertyList }
        if name == Array("embedded.mobileprovision".utf8) || name == Array("embedded.provisionprofile".utf8) {
            return .provisioningProfile
        }
        if name == Array("CodeResources".utf8), path.parent.name == Array("_CodeSignature".utf8) {
            return .propertyList
        }
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else { return nil }
        let ext = String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
        switch ext {
        case "plist", "stringsdict", "xcprivacy": return .propertyList
        case "strings": return .strings
        default: return nil
        }
    }
}
