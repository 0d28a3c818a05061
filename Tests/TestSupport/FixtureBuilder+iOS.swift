import Foundation

extension FixtureBuilder {
    /// A flat iOS app `<name>.app`: XML (or binary) Info.plist, executable (x bit), PkgInfo,
    /// `_CodeSignature/CodeResources`, `PrivacyInfo.xcprivacy`, `embedded.mobileprovision`,
    /// `Base.lproj/Main.storyboardc`, one `.lproj` per language with `Localizable.strings`
    /// and `InfoPlist.strings` (UTF-16LE for `utf16Languages`, else UTF-8), and when `nested`:
    /// `PlugIns/Share.appex`, `Frameworks/Core.framework`, `Watch/W.app`, `AppClips/Clip.app`,
    /// `Settings.bundle`.
    public static func iOSApp(name: String = "MyApp", identifier: String = "com.example.myapp",
                              shortVersion: String = "1.0", version: String = "1",
                              languages: [String] = ["en", "fr", "de"], utf16Languages: Set<String> = ["fr"],
                              binaryInfoPlist: Bool = false, nested: Bool = true) -> FixtureBuilder {
        var b = FixtureBuilder()
        let app = "\(name).app"
        b.setFile("\(app)/Info.plist", plist(info(identifier: identifier, name: name, shortVersion: shortVersion,
                                                  version: version,
                                                  extra: ["LSRequiresIPhoneOS": true, "MinimumOSVersion": "16.0",
                                                          "UIRequiredDeviceCapabilities": ["arm64"]]),
                                             binary: binaryInfoPlist))
        b.setFile("\(app)/\(name)", bytes(4096, seed: 1), executable: true)
        b.setFile("\(app)/PkgInfo", "APPL????")
        b.setFile("\(app)/Assets.car", bytes(2048, seed: 2))
        b.setFile("\(app)/PrivacyInfo.xcprivacy", plist([
            "NSPrivacyTracking": false,
            "NSPrivacyAccessedAPITypes": [["NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
                                           "NSPrivacyAccessedAPITypeReasons": ["CA92.1"]]],
        ] as [String: Any]))
        b.setFile("\(app)/embedded.mobileprovision", mobileProvision(plist: provisioningPlist(identifier: identifier)))
        b.setFile("\(app)/Base.lproj/Main.storyboardc/Info.plist",
                  plist(["UIStoryboardDesignatedEntryPointIdentifier": "UIViewController-abc",
                         "UIStoryboardVersion": 1] as [String: Any], binary: true))
        b.setFile("\(app)/Base.lproj/Main.storyboardc/UIViewController-abc.nib", bytes(300, seed: 3))
        for language in languages {
            let utf16 = utf16Languages.contains(language)
            b.setFile("\(app)/\(language).lproj/Localizable.strings",
                      strings([("greeting", "Hello [\(language)]"), ("farewell", "Bye [\(language)]")], utf16: utf16))
            b.setFile("\(app)/\(language).lproj/InfoPlist.strings",
                      strings([("CFBundleDisplayName", "\(name) [\(language)]")], utf16: utf16))
        }
        if nested { b.addNestediOSBundles(app: app, identifier: identifier, version: version) }
        b.setFile("\(app)/_CodeSignature/CodeResources",
                  codeResources(b.nodes.keys.filter { $0.bytes.starts(with: Array("\(app)/".utf8)) }
                      .map { String($0.description.dropFirst(app.count + 1)) }.sorted()))
        return b
    }

    private mutating func addNestediOSBundles(app: String, identifier: String, version: String) {
        let share = "\(app)/PlugIns/Share.appex"
        setFile("\(share)/Info.plist", Self.plist(Self.info(
            identifier: "\(identifier).share", name: "Share", shortVersion: "1.0", version: version,
            packageType: "XPC!",
            extra: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.share-services"]])))
        setFile("\(share)/Share", Self.bytes(1024, seed: 4), executable: true)
        setFile("\(share)/en.lproj/InfoPlist.strings", Self.strings([("CFBundleDisplayName", "Share")]))
        let core = "\(app)/Frameworks/Core.framework"
        setFile("\(core)/Info.plist", Self.plist(Self.info(
            identifier: "com.example.core", name: "Core", shortVersion: "2.1", version: "21", packageType: "FMWK")))
        setFile("\(core)/Core", Self.bytes(2048, seed: 5), executable: true)
        let watch = "\(app)/Watch/W.app"
        setFile("\(watch)/Info.plist", Self.plist(Self.info(
            identifier: "\(identifier).watchkitapp", name: "W", shortVersion: "1.0", version: version,
            platform: "watchos", supported: "WatchOS", extra: ["WKWatchKitApp": true])))
        setFile("\(watch)/W", Self.bytes(1024, seed: 6), executable: true)
        let clip = "\(app)/AppClips/Clip.app"
        setFile("\(clip)/Info.plist", Self.plist(Self.info(
            identifier: "\(identifier).Clip", name: "Clip", shortVersion: "1.0", version: version)))
        setFile("\(clip)/Clip", Self.bytes(1024, seed: 7), executable: true)
        setFile("\(app)/Settings.bundle/Root.plist", Self.plist(["PreferenceSpecifiers": [] as [Any],
                                                                 "StringsTable": "Root"] as [String: Any]))
        setFile("\(app)/Settings.bundle/en.lproj/Root.strings", Self.strings([("Name", "Name")]))
    }
}
