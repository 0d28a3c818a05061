import BundleModel

/// A file that was added or removed, as move detection sees it.
struct MoveCandidate {
    var entry: FileEntry
    /// The owning bundle's comparison name, nil outside bundles.
    var bundle: String?
    /// The path relative to the owning bundle (the full path outside bundles).
    var relative: BundlePath

    var path: BundlePath { entry.path }

    /// The innermost `.lproj` folder's language on the path, if any.
    var localization: String? {
        let bytes = relative.bytes
        for range in relative.componentRanges.dropLast().reversed() where LanguageCode.isLocalizationFolderName(bytes[range]) {
            return LanguageCode.folderLanguage(String(decoding: bytes[range], as: UTF8.self))
        }
        return nil
    }

    /// The relative path with its `.lproj` component replaced by a language-neutral marker.
    var delocalizedParent: [UInt8] {
        var out: [UInt8] = []
        for component in relative.components.dropLast() {
            if !out.isEmpty { out.append(UInt8(ascii: "/")) }
            out += LanguageCode.isLocalizationFolderName(component) ? Array("*.lproj".utf8) : component
        }
        return out
    }
}
