import Foundation
import TestSupport

/// Builds for the reporter tests, written in code: one with every kind of change, one
/// with hostile names, one with thousands of changes.
enum ReportFixtures {
    /// The hostile strings every reporter must escape.
    static let script = "<script>alert(1)</script>"
    static let quotes = "\"quotes\" & 'apostrophes'"
    static let pipe = "a|b `tick` *star* [link](x)"
    static let newline = "first\nsecond"
    static let rtl = "\u{202E}gnp.exe"

    /// Two `.xcarchive` builds (old, new) that differ in every way a report shows: files
    /// added, removed, modified, mode-only and symlinks; plist keys added, removed, changed
    /// and retyped; a format-only change; signature noise; moves (exact and into an
    /// `.lproj`); bundles added and removed; languages added, removed and renamed; new
    /// localization gaps; archive metadata outside every bundle.
    static func everyChange(in scratch: ScratchDirectory) throws -> (old: String, new: String) {
        var old = FixtureBuilder.iOSApp(languages: ["en", "fr", "de", "pt_BR"], utf16Languages: [])
        old.setFile("MyApp.app/map.png", FixtureBuilder.bytes(900, seed: 40))
        old.setFile("MyApp.app/welcome.png", FixtureBuilder.bytes(800, seed: 41))
        old.setFile("MyApp.app/PkgInfo", "APPL????", executable: false)
        var new = old
        new.updateInfo("MyApp.app") { info in
            info["CFBundleVersion"] = "2"
            info["CFBundleShortVersionString"] = "1.1"
            info["LSRequiresIPhoneOS"] = "YES"
            info["UIRequiredDeviceCapabilities"] = ["arm64", "metal"]
            info["MinimumOSVersion"] = nil
            info["NewData"] = Data([1, 2, 3])
            info["NewDict"] = ["Count": 3, "Ratio": 0.5, "Since": Date(timeIntervalSinceReferenceDate: 0)] as [String: Any]
        }
        new.setFile("MyApp.app/PrivacyInfo.xcprivacy", FixtureBuilder.plist([
            "NSPrivacyTracking": false,
            "NSPrivacyAccessedAPITypes": [["NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
                                           "NSPrivacyAccessedAPITypeReasons": ["CA92.1"]]],
        ] as [String: Any], binary: true))
        new.setFile("MyApp.app/PkgInfo", "APPL????", executable: true)
        new.setFile("MyApp.app/Assets.car", FixtureBuilder.bytes(2100, seed: 42))
        new.setFile("MyApp.app/notes.txt", "new file\n")
        new.setSymlink("MyApp.app/latest-notes", target: "notes.txt")
        new.remove("MyApp.app/map.png")
        new.setFile("MyApp.app/Maps/map.png", FixtureBuilder.bytes(900, seed: 40))
        new.remove("MyApp.app/welcome.png")
        new.setFile("MyApp.app/fr.lproj/welcome.png", FixtureBuilder.bytes(800, seed: 41))
        new.remove("MyApp.app/de.lproj")
        new.remove("MyApp.app/pt_BR.lproj")
        new.setFile("MyApp.app/pt-BR.lproj/Localizable.strings", FixtureBuilder.strings([("greeting", "Olá")]))
        new.setFile("MyApp.app/ja.lproj/Localizable.strings", FixtureBuilder.strings([("greeting", "こんにちは")]))
        new.remove("MyApp.app/AppClips")
        new.setFile("MyApp.app/PlugIns/Widget.appex/Info.plist", FixtureBuilder.plist([
            "CFBundleIdentifier": "com.example.myapp.widget", "CFBundleExecutable": "Widget",
            "CFBundlePackageType": "XPC!", "CFBundleShortVersionString": "1.1", "CFBundleVersion": "2",
        ]))
        new.setFile("MyApp.app/PlugIns/Widget.appex/Widget", FixtureBuilder.bytes(600, seed: 43), executable: true)
        if let share = old.contents("MyApp.app/PlugIns/Share.appex/Share") {
            new.setFile("MyApp.app/PlugIns/Share.appex/Share", Array(share.prefix(1000)) + [0, 0, 0, 0] + share.dropFirst(1004),
                        executable: true)
        }
        var newArchive = FixtureBuilder.xcarchive(app: new)
        newArchive.setFile("Info.plist", FixtureBuilder.plist(["ArchiveVersion": 2, "Name": "MyApp", "SchemeName": "MyApp"]))
        let o = try FixtureBuilder.xcarchive(app: old).writeDirectory(in: scratch.path("old"), named: "MyApp.xcarchive")
        let n = try newArchive.writeDirectory(in: scratch.path("new"), named: "MyApp.xcarchive")
        return (o, n)
    }

    /// A small flat app with only XML plists and text (byte-stable on every machine).
    static func plainApp(version: String, extraInfo: [String: Any] = [:], strings: [String: [(String, String)]])
        -> FixtureBuilder {
        var b = FixtureBuilder()
        var info: [String: Any] = ["CFBundleIdentifier": "com.example.hostile", "CFBundleExecutable": "Hostile",
                                   "CFBundlePackageType": "APPL", "CFBundleShortVersionString": "1.0",
                                   "CFBundleVersion": version, "CFBundleDevelopmentRegion": "en",
                                   "MinimumOSVersion": "16.0"]
        for (k, v) in extraInfo { info[k] = v }
        b.setFile("Hostile.app/Info.plist", FixtureBuilder.plist(info))
        b.setFile("Hostile.app/Hostile", "binary \(version)\n", executable: true)
        for (language, pairs) in strings.sorted(by: { $0.key < $1.key }) {
            b.setFile("Hostile.app/\(language).lproj/Localizable.strings", FixtureBuilder.strings(pairs))
        }
        return b
    }

    /// Two builds whose file names, plist keys and values and string keys are hostile:
    /// markup, quotes, pipes and backticks, a line break, a right-to-left override.
    static func hostile(in scratch: ScratchDirectory) throws -> (old: String, new: String) {
        let old = plainApp(version: "7", strings: ["en": [("hello", "Hello")], "fr": [("hello", "Bonjour")]])
        var new = plainApp(version: "7", extraInfo: [script: quotes, "Display": newline + rtl, pipe: 1],
                           strings: ["en": [("hello", "Hello"), (script, quotes), (pipe, newline), (newline, rtl),
                                            (rtl + "key", "value"), ("bell\u{7}key", "ding")],
                                     "fr": [("hello", "Bonjour")]])
        for name in [script + ".png", quotes + ".txt", pipe + ".txt", newline + ".txt", rtl] {
            new.setFile("Hostile.app/" + name, "x\n")
        }
        let o = try old.writeDirectory(in: scratch.path("old"))
        let n = try new.writeDirectory(in: scratch.path("new"))
        return (o, n)
    }

    /// Two builds with `count` files modified, `count` added and `count` Info.plist keys changed.
    static func thousands(_ count: Int, in scratch: ScratchDirectory) throws -> (old: String, new: String) {
        var keys: [String: Any] = [:]
        for i in 0..<count { keys["Key\(i)"] = "old \(i)" }
        var old = plainApp(version: "1", extraInfo: keys, strings: [:])
        for i in 0..<count { keys["Key\(i)"] = "new \(i)" }
        var new = plainApp(version: "2", extraInfo: keys, strings: [:])
        for i in 0..<count {
            old.setFile("Hostile.app/data/file\(i).bin", "old \(i)\n")
            new.setFile("Hostile.app/data/file\(i).bin", "new \(i) changed\n")
            new.setFile("Hostile.app/extra/added\(i).bin", "added \(i)\n")
        }
        let o = try old.writeDirectory(in: scratch.path("old"))
        let n = try new.writeDirectory(in: scratch.path("new"))
        return (o, n)
    }
}
