import BundleModel
import PropertyLists
import TextSafety

/// `show --key`: finds a property list in a recorded build and a value in it.
public enum PlistLookup {
    /// The plist `file` (a path in the build) or the Info.plist of `bundle` (its
    /// identifier or path), else of the main bundle.
    public static func document(in snapshot: BuildSnapshot, bundle: String?, file: String?)
        throws(UserFacingError) -> (BundlePath, DecodedPlist) {
        let path: BundlePath
        if let file {
            path = BundlePath(file)
        } else if let bundle {
            guard let info = snapshot.bundles.first(where: { $0.identifier == bundle || $0.path.description == bundle }) else {
                let known = snapshot.bundles.map { $0.identifier ?? $0.path.description }.joined(separator: ", ")
                throw UserFacingError("no bundle \(VisibleText.quoted(bundle)) in this build (bundles: \(known))")
            }
            path = info.infoPlistPath
        } else {
            guard let main = snapshot.mainBundle else { throw UserFacingError("this build has no main bundle") }
            path = main.infoPlistPath
        }
        guard let plist = snapshot.plists[path] else {
            throw UserFacingError("\(path): not a decoded property list in this build")
        }
        return (path, plist)
    }

    /// The value at `key` (a key path such as `NSExtension.NSExtensionPointIdentifier`).
    public static func value(_ key: String, in plist: DecodedPlist, path: BundlePath) throws(UserFacingError) -> PlistValue {
        guard let keyPath = KeyPath(parsing: key) else { throw UserFacingError("\(VisibleText.quoted(key)): not a valid key path") }
        switch plist {
        case .undecodable(let reason): throw UserFacingError("\(path): could not be decoded: \(reason)")
        case .decoded(let doc):
            guard let value = keyPath.value(in: doc.root) else { throw UserFacingError("\(path): no key \(keyPath)") }
            return value
        }
    }
}
