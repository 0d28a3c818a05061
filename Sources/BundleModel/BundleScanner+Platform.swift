import PropertyLists

extension BundleScanner {
    /// Platform names by the lowercased SDK / supported-platform name.
    static let platformNames: [String: String] = [
        "iphoneos": "iOS", "iphonesimulator": "iOS",
        "macosx": "macOS", "macos": "macOS",
        "watchos": "watchOS", "watchsimulator": "watchOS",
        "appletvos": "tvOS", "appletvsimulator": "tvOS",
        "xros": "visionOS", "xrsimulator": "visionOS",
    ]

    /// From `CFBundleSupportedPlatforms` or `DTPlatformName`; else inferred (Contents/ or
    /// versioned layout → macOS, `LSRequiresIPhoneOS` → iOS); else nil.
    public static func platform(_ info: PlistDictionary?, layout: BundleInfo.Layout) -> String? {
        var names: [String] = []
        if let supported = info?["CFBundleSupportedPlatforms"]?.arrayValue {
            names += supported.compactMap(\.stringValue)
        }
        if let sdk = info?["DTPlatformName"]?.stringValue { names.append(sdk) }
        for name in names {
            if let platform = platformNames[name.lowercased()] { return platform }
        }
        if layout != .flat { return "macOS" }
        if info?["LSRequiresIPhoneOS"] != nil { return "iOS" }
        return nil
    }
}
