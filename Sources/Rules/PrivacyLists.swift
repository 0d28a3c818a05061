/// One of Apple's required-reason API categories (`NSPrivacyAccessedAPICategoryDiskSpace`):
/// the reason codes App Store Connect accepts for it and the imported symbols that show a
/// binary calls one of its APIs.
public struct RequiredReasonCategory: Sendable, Hashable {
    /// The `NSPrivacyAccessedAPIType` value.
    public let name: String
    /// The approved `NSPrivacyAccessedAPITypeReasons` codes (`E174.1`).
    public let reasons: Set<String>
    /// Linker names of the symbols (`_statfs`, `_OBJC_CLASS_$_NSUserDefaults`).
    public let symbols: Set<String>
}

/// Apple's published lists for privacy manifests, read from the data files in
/// `Sources/Rules/Resources` (each names its source): the required-reason API categories
/// and the commonly used third-party SDKs that must ship a manifest.
public enum PrivacyLists {
    /// The required-reason API categories, in the data file's order.
    public static let categories: [RequiredReasonCategory] = parseCategories(PackageResources.required_reason_apis_txt)

    /// The category named `name`, nil when it is not on Apple's list.
    public static func category(named name: String) -> RequiredReasonCategory? {
        categories.first { $0.name == name }
    }

    /// The SDK names on Apple's list, as their frameworks are named (`FBSDKCoreKit`).
    public static let listedSDKs: Set<String> = Set(dataLines(PackageResources.third_party_sdks_txt).map { $0[0] })

    /// The categories of the list, in order, whose symbols `imports` contains, each with the
    /// matching symbols sorted.
    public static func categories(importedBy imports: Set<String>) -> [(RequiredReasonCategory, [String])] {
        categories.compactMap { c in
            let used = c.symbols.intersection(imports).sorted()
            return used.isEmpty ? nil : (c, used)
        }
    }

    /// Non-comment, non-blank lines, each split at spaces and tabs.
    static func dataLines(_ bytes: [UInt8]) -> [[String]] {
        bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let words = line.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
                .map { String(decoding: $0, as: UTF8.self) }
            guard let first = words.first, !first.hasPrefix("#") else { return nil }
            return words
        }
    }

    /// `category` lines open a category; `reasons` and `symbols` lines add to the open one.
    static func parseCategories(_ bytes: [UInt8]) -> [RequiredReasonCategory] {
        var out: [RequiredReasonCategory] = []
        var name: String?
        var reasons: Set<String> = []
        var symbols: Set<String> = []
        func close() {
            if let name { out.append(RequiredReasonCategory(name: name, reasons: reasons, symbols: symbols)) }
            reasons = []
            symbols = []
        }
        for words in dataLines(bytes) {
            let values = words.dropFirst()
            switch words[0] {
            case "category":
                close()
                name = values.first
            case "reasons": reasons.formUnion(values)
            case "symbols": symbols.formUnion(values)
            default: continue
            }
        }
        close()
        return out
    }
}
