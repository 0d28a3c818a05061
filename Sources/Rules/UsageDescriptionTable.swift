import MachO

/// A system framework whose only purpose is a protected resource: the classes a binary
/// imports when it asks for the resource and the Info.plist keys Apple requires for it.
public struct UsageDescriptionRequirement: Sendable, Hashable {
    /// The framework's name (`Contacts` for `/System/Library/Frameworks/Contacts.framework`).
    public let framework: String
    /// The platforms the requirement is judged on (`iOS` covers its simulator too).
    public let platforms: Set<MachOPlatform>
    /// Imported linker names that show the binary asks for the resource.
    public let symbols: Set<String>
    /// The purpose-string keys, in the data file's order; any one suffices.
    public let keys: [String]
    /// The Apple page the row rests on.
    public let source: String
}

/// The usage-description table, read from `Sources/Rules/Resources/usage-descriptions.txt`
/// (each row names its source; docs/usage-descriptions.md shows it as a table).
public enum UsageDescriptionTable {
    /// The rows, in the data file's order.
    public static let requirements: [UsageDescriptionRequirement] = parse(PackageResources.usage_descriptions_txt)

    /// The system framework an install name links (`Contacts` for
    /// `/System/Library/Frameworks/Contacts.framework/Contacts`), nil for any other library.
    public static func systemFramework(_ installName: String) -> String? {
        let prefix = "/System/Library/Frameworks/"
        guard installName.hasPrefix(prefix),
              let folder = installName.dropFirst(prefix.count).split(separator: "/").first,
              folder.hasSuffix(".framework"), folder.count > ".framework".count else { return nil }
        return String(folder.dropLast(".framework".count))
    }

    /// `framework` lines open a row; `platforms`, `symbols`, `keys` and `source` lines add to it.
    static func parse(_ bytes: [UInt8]) -> [UsageDescriptionRequirement] {
        var out: [UsageDescriptionRequirement] = []
        var framework: String?
        var platforms = Set<MachOPlatform>(), symbols = Set<String>(), keys: [String] = [], source = ""
        func close() {
            if let framework {
                out.append(UsageDescriptionRequirement(framework: framework, platforms: platforms, symbols: symbols,
                                                       keys: keys, source: source))
            }
            (platforms, symbols, keys, source) = ([], [], [], "")
        }
        for words in PrivacyLists.dataLines(bytes) {
            let values = words.dropFirst()
            switch words[0] {
            case "framework":
                close()
                framework = values.first
            case "platforms":
                for name in values {
                    if name == "iOS" { platforms.formUnion([.iOS, .iOSSimulator]) }
                    if name == "macOS" { platforms.insert(.macOS) }
                }
            case "symbols": symbols.formUnion(values)
            case "keys": keys.append(contentsOf: values)
            case "source": source = values.joined(separator: " ")
            default: continue
            }
        }
        close()
        return out
    }
}
