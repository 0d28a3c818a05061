import Foundation

extension FixtureBuilder {
    /// A macOS app `<name>.app/Contents/…`: Info.plist, `MacOS/<name>` (x bit), PkgInfo,
    /// `Resources/<lang>.lproj/Localizable.strings`, a versioned
    /// `Frameworks/Kit.framework` (`Versions/A`, `Versions/Current -> A`, top-level
    /// symlinks), `XPCServices/Helper.xpc` and `PlugIns/Extra.bundle`.
    public static func macApp(name: String = "MacApp", identifier: String = "com.example.macapp",
                              shortVersion: String = "1.0", version: String = "1",
                              languages: [String] = ["en", "de"]) -> FixtureBuilder {
        var b = FixtureBuilder()
        let contents = "\(name).app/Contents"
        b.setFile("\(contents)/Info.plist", plist(info(identifier: identifier, name: name, shortVersion: shortVersion,
                                                       version: version, platform: "macosx", supported: "MacOSX",
                                                       extra: ["LSMinimumSystemVersion": "13.0"])))
        b.setFile("\(contents)/MacOS/\(name)", bytes(4096, seed: 11), executable: true)
        b.setFile("\(contents)/PkgInfo", "APPL????")
        for language in languages {
            b.setFile("\(contents)/Resources/\(language).lproj/Localizable.strings",
                      strings([("title", "Title [\(language)]")]))
        }
        b = b.merging(versionedFramework(name: "Kit", identifier: "com.example.kit")
            .embedded(in: "\(contents)/Frameworks"))
        let xpc = "\(contents)/XPCServices/Helper.xpc/Contents"
        b.setFile("\(xpc)/Info.plist", plist(info(identifier: "\(identifier).helper", name: "Helper", shortVersion: "1.0",
                                                  version: version, packageType: "XPC!", platform: "macosx",
                                                  supported: "MacOSX")))
        b.setFile("\(xpc)/MacOS/Helper", bytes(1024, seed: 12), executable: true)
        let extra = "\(contents)/PlugIns/Extra.bundle/Contents"
        b.setFile("\(extra)/Info.plist", plist(info(identifier: "\(identifier).extra", name: "Extra", shortVersion: "3.0",
                                                    version: "30", packageType: "BNDL", platform: "macosx",
                                                    supported: "MacOSX")))
        b.setFile("\(extra)/Resources/fr.lproj/Extra.strings", strings([("k", "v")], utf16: true))
        return b
    }

    /// A versioned macOS framework `<name>.framework`: `Versions/A/{<name>,Resources/Info.plist,
    /// Resources/en.lproj}`, `Versions/Current -> A`, and top-level symlinks
    /// `<name> -> Versions/Current/<name>`, `Resources -> Versions/Current/Resources`.
    public static func versionedFramework(name: String = "Kit", identifier: String = "com.example.kit")
        -> FixtureBuilder {
        var b = FixtureBuilder()
        let root = "\(name).framework"
        b.setFile("\(root)/Versions/A/\(name)", bytes(2048, seed: 13), executable: true)
        b.setFile("\(root)/Versions/A/Resources/Info.plist", plist(info(
            identifier: identifier, name: name, shortVersion: "2.0", version: "200", packageType: "FMWK",
            platform: "macosx", supported: "MacOSX")))
        b.setFile("\(root)/Versions/A/Resources/en.lproj/Kit.strings", strings([("a", "b")], utf16: true))
        b.setSymlink("\(root)/Versions/Current", target: "A")
        b.setSymlink("\(root)/\(name)", target: "Versions/Current/\(name)")
        b.setSymlink("\(root)/Resources", target: "Versions/Current/Resources")
        return b
    }

    /// A framework in CFBundle's old-style layout, as the Chromium Embedded Framework ships:
    /// `Resources/Info.plist` and the executable at the top, no `Versions/`.
    public static func oldStyleFramework(name: String = "Kit", identifier: String = "com.example.kit") -> FixtureBuilder {
        var b = FixtureBuilder()
        b.setFile("\(name).framework/\(name)", bytes(512, seed: 3), executable: true)
        b.setFile("\(name).framework/Resources/Info.plist", plist(info(
            identifier: identifier, name: name, shortVersion: "2.0", version: "200", packageType: "FMWK",
            platform: "macosx", supported: "MacOSX")))
        return b
    }

    /// An `.xcarchive`'s content (write it with `writeDirectory(in:named:)`): the archive
    /// Info.plist, `Products/Applications/<app>`, and `dSYMs/<app>.dSYM`.
    public static func xcarchive(app: FixtureBuilder) -> FixtureBuilder {
        var b = app.embedded(in: "Products/Applications")
        let appName = app.topLevelNames.first ?? "MyApp.app"
        b.setFile("Info.plist", plist([
            "ArchiveVersion": 2,
            "CreationDate": Date(timeIntervalSinceReferenceDate: 790_000_000),
            "Name": String(appName.dropLast(4)),
            "SchemeName": String(appName.dropLast(4)),
            "ApplicationProperties": ["ApplicationPath": "Applications/\(appName)",
                                      "CFBundleIdentifier": "com.example.myapp",
                                      "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1"] as [String: Any],
        ] as [String: Any]))
        let dsym = "dSYMs/\(appName).dSYM/Contents"
        b.setFile("\(dsym)/Info.plist", plist(["CFBundleIdentifier": "com.apple.xcode.dsym.com.example.myapp",
                                               "CFBundlePackageType": "dSYM"]))
        b.setFile("\(dsym)/Resources/DWARF/\(appName.dropLast(4))", bytes(512, seed: 14))
        return b
    }

    /// This app as an ipa's content: `Payload/<app>`, `SwiftSupport/iphoneos/libswiftCore.dylib`
    /// and `Symbols/<uuid>.symbols`.
    public func ipa() -> FixtureBuilder {
        var b = embedded(in: "Payload")
        b.setFile("SwiftSupport/iphoneos/libswiftCore.dylib", Self.bytes(700, seed: 15))
        b.setFile("Symbols/12345678-1234-1234-1234-123456789ABC.symbols", Self.bytes(300, seed: 16))
        return b
    }
}

extension FixtureBuilder {
    /// A macOS loadable bundle `<name>.<ext>/Contents/…` (a Quick Look generator, Spotlight
    /// importer, system extension, …): Info.plist of `packageType` and `MacOS/<name>` (x bit).
    public static func macLoadable(name: String, ext: String, identifier: String, packageType: String = "BNDL",
                                   version: String = "1") -> FixtureBuilder {
        var b = FixtureBuilder()
        let contents = "\(name).\(ext)/Contents"
        b.setFile("\(contents)/Info.plist", plist(info(identifier: identifier, name: name, shortVersion: "1.0",
                                                       version: version, packageType: packageType,
                                                       platform: "macosx", supported: "MacOSX")))
        b.setFile("\(contents)/MacOS/\(name)", bytes(2048, seed: 31), executable: true)
        return b
    }
}
