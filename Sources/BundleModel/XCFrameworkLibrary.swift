import PropertyLists

/// One entry of an XCFramework's `AvailableLibraries`: a slice as the Info.plist declares it.
/// A fact read from the property list; whether it matches the folders is judged by a rule.
public struct XCFrameworkLibrary: Hashable, Sendable {
    /// `LibraryIdentifier`: the slice's folder (`ios-arm64_x86_64-simulator`).
    public var identifier: String?
    /// `LibraryPath`: the framework or library inside the folder (`Foo.framework`, `libFoo.a`).
    public var libraryPath: String?
    /// `BinaryPath`, `HeadersPath`, `DebugSymbolsPath`: further paths inside the folder.
    public var binaryPath: String?
    public var headersPath: String?
    public var debugSymbolsPath: String?
    /// `SupportedPlatform` (`ios`, `macos`, `tvos`, `watchos`, `xros`, `driverkit`).
    public var platform: String?
    /// `SupportedPlatformVariant` (`simulator`, `maccatalyst`), nil for a device slice.
    public var variant: String?
    /// `SupportedArchitectures`, nil when missing or not an array of strings.
    public var architectures: [String]?
    /// The keys present with the wrong type, by name (`LibraryPath is a number`).
    public var malformedKeys: [String]

    /// The libraries of an XCFramework's Info.plist; nil when `AvailableLibraries` is
    /// missing or not an array. An element that is not a dictionary reads as an empty one.
    public static func libraries(in info: PlistDictionary) -> [XCFrameworkLibrary]? {
        guard let list = info["AvailableLibraries"]?.arrayValue else { return nil }
        return list.map { XCFrameworkLibrary($0.dictionaryValue ?? PlistDictionary()) }
    }

    init(_ d: PlistDictionary) {
        var malformed: [String] = []
        func string(_ key: String) -> String? {
            guard let value = d[key] else { return nil }
            guard let s = value.stringValue else {
                malformed.append("\(key) is \(value.typeNameWithArticle)")
                return nil
            }
            return s
        }
        identifier = string("LibraryIdentifier")
        libraryPath = string("LibraryPath")
        binaryPath = string("BinaryPath")
        headersPath = string("HeadersPath")
        debugSymbolsPath = string("DebugSymbolsPath")
        platform = string("SupportedPlatform")
        variant = string("SupportedPlatformVariant")
        if let value = d["SupportedArchitectures"] {
            let names = value.arrayValue?.compactMap(\.stringValue)
            if let names, names.count == value.arrayValue?.count {
                architectures = names
            } else {
                malformed.append("SupportedArchitectures is not an array of strings")
            }
        }
        malformedKeys = malformed
    }

    /// The `CFBundleSupportedPlatforms` name a framework built for this slice carries
    /// (`iPhoneSimulator`), nil for a platform this table does not know.
    public var bundlePlatformName: String? {
        switch (platform?.lowercased(), variant?.lowercased()) {
        case ("ios", nil): "iPhoneOS"
        case ("ios", "simulator"): "iPhoneSimulator"
        case ("ios", "maccatalyst"), ("macos", nil): "MacOSX"
        case ("tvos", nil): "AppleTVOS"
        case ("tvos", "simulator"): "AppleTVSimulator"
        case ("watchos", nil): "WatchOS"
        case ("watchos", "simulator"): "WatchSimulator"
        case ("xros", nil): "XROS"
        case ("xros", "simulator"): "XRSimulator"
        case ("driverkit", nil): "DriverKit"
        default: nil
        }
    }
}
