import BundleModel
import BundleReading
import Foundation
import PropertyLists
import Testing
import TestSupport

@Suite struct LayoutTests {
    @Test func iOSFlatAppWithLocalizationsAndNestedBundles() throws {
        let scratch = try ScratchDirectory()
        let app = FixtureBuilder.iOSApp(languages: ["en", "fr", "de", "pt-BR", "zh-Hans"])
        let root = try app.writeDirectory(in: scratch.path)
        let snapshot = try BuildReader.read(path: root)
        #expect(snapshot.sourceKind == .directory)
        #expect(snapshot.sourceName == "MyApp.app")
        let main = try #require(snapshot.mainBundle)
        #expect(main.path == BundlePath("MyApp.app"))
        #expect(main.kind == .app)
        #expect(main.layout == .flat)
        #expect(main.infoPlistPath == BundlePath("MyApp.app/Info.plist"))
        #expect(main.resourcesPath == BundlePath("MyApp.app"))
        #expect(main.parentPath == nil)
        #expect(main.identifier == "com.example.myapp")
        #expect(main.shortVersion == "1.0")
        #expect(main.version == "1")
        #expect(main.executable == "MyApp")
        #expect(main.platform == "iOS")
        #expect(main.localizations == ["Base", "de", "en", "fr", "pt-BR", "zh-Hans"])
        // Every fixture node is recorded, nothing else.
        #expect(snapshot.entries.count == app.nodes.count)
        #expect(snapshot.fileCount == app.fileCount)
        #expect(snapshot.entries.map(\.path) == snapshot.entries.map(\.path).sorted())
        // Nested bundles each with their own identity and parent.
        let expected: [(String, BundleInfo.Kind, String?)] = [
            ("MyApp.app/PlugIns/Share.appex", .appex, "com.example.myapp.share"),
            ("MyApp.app/Frameworks/Core.framework", .framework, "com.example.core"),
            ("MyApp.app/Watch/W.app", .app, "com.example.myapp.watchkitapp"),
            ("MyApp.app/AppClips/Clip.app", .app, "com.example.myapp.Clip"),
            ("MyApp.app/Settings.bundle", .bundle, nil),
        ]
        for (path, kind, identifier) in expected {
            let bundle = try #require(snapshot.bundle(path), "\(path) not found")
            #expect(bundle.kind == kind)
            #expect(bundle.identifier == identifier)
            #expect(bundle.parentPath == BundlePath("MyApp.app"))
        }
        #expect(snapshot.bundle("MyApp.app/Watch/W.app")?.platform == "watchOS")
        #expect(snapshot.bundle("MyApp.app/Frameworks/Core.framework")?.version == "21")
        #expect(snapshot.bundle("MyApp.app/PlugIns/Share.appex")?.localizations == ["en"])
        #expect(snapshot.bundles.count == 6)
        #expect(snapshot.bundles.first?.path == BundlePath("MyApp.app"))
    }

    @Test func macOSContentsAppWithFrameworkXPCAndBundle() throws {
        let scratch = try ScratchDirectory()
        let app = FixtureBuilder.macApp()
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        let main = try #require(snapshot.mainBundle)
        #expect(main.layout == .contents)
        #expect(main.infoPlistPath == BundlePath("MacApp.app/Contents/Info.plist"))
        #expect(main.resourcesPath == BundlePath("MacApp.app/Contents/Resources"))
        #expect(main.platform == "macOS")
        #expect(main.localizations == ["de", "en"])
        #expect(main.executable == "MacApp")
        let xpc = try #require(snapshot.bundle("MacApp.app/Contents/XPCServices/Helper.xpc"))
        #expect(xpc.kind == .xpc)
        #expect(xpc.layout == .contents)
        #expect(xpc.identifier == "com.example.macapp.helper")
        let extra = try #require(snapshot.bundle("MacApp.app/Contents/PlugIns/Extra.bundle"))
        #expect(extra.identifier == "com.example.macapp.extra")
        #expect(extra.localizations == ["fr"])
        let kit = try #require(snapshot.bundle("MacApp.app/Contents/Frameworks/Kit.framework"))
        #expect(kit.layout == .versionedFramework)
        #expect(kit.identifier == "com.example.kit")
        #expect(kit.parentPath == main.path)
        #expect(snapshot.entry("MacApp.app/Contents/MacOS/MacApp")?.isExecutable == true)
        #expect(snapshot.entry("MacApp.app/Contents/Info.plist")?.isExecutable == false)
    }

    @Test func versionedFrameworkSymlinksAreRecordedNotFollowed() throws {
        let scratch = try ScratchDirectory()
        let framework = FixtureBuilder.versionedFramework()
        let snapshot = try BuildReader.read(path: try framework.writeDirectory(in: scratch.path))
        let main = try #require(snapshot.mainBundle)
        #expect(main.kind == .framework)
        #expect(main.layout == .versionedFramework)
        #expect(main.infoPlistPath == BundlePath("Kit.framework/Versions/A/Resources/Info.plist"))
        #expect(main.resourcesPath == BundlePath("Kit.framework/Versions/A/Resources"))
        #expect(main.localizations == ["en"])
        #expect(main.identifier == "com.example.kit")
        for (link, target) in [("Kit.framework/Versions/Current", "A"),
                               ("Kit.framework/Kit", "Versions/Current/Kit"),
                               ("Kit.framework/Resources", "Versions/Current/Resources")] {
            let entry = try #require(snapshot.entry(link))
            #expect(entry.kind == .symlink)
            #expect(entry.symlinkTarget == Array(target.utf8))
            #expect(entry.size == UInt64(target.utf8.count))
            #expect(entry.sha256 == nil)
        }
        // Nothing is recorded through the links.
        #expect(snapshot.entry("Kit.framework/Resources/Info.plist") == nil)
        #expect(snapshot.entry("Kit.framework/Versions/Current/Kit") == nil)
        #expect(snapshot.entries.count == framework.nodes.count)
        #expect(snapshot.bundles.count == 1)
    }

    /// CFBundle's old-style layout (`Resources/Info.plist`, the executable beside it), as the
    /// Chromium Embedded Framework ships and as a framework copied without its links reads:
    /// the executable and the sealed folder are the bundle folder's, not a `Contents/` one.
    @Test func oldStyleResourcesFrameworkKeepsItsExecutableBesideResources() throws {
        let scratch = try ScratchDirectory()
        var framework = FixtureBuilder.oldStyleFramework()
        framework.setFile("Kit.framework/Resources/de.lproj/locale.pak", "pak")
        let snapshot = try BuildReader.read(path: try framework.writeDirectory(in: scratch.path))
        let main = try #require(snapshot.mainBundle)
        #expect(main.layout == .versionedFramework)
        #expect(main.contentRoot == BundlePath("Kit.framework"))
        #expect(main.executablePath == BundlePath("Kit.framework/Kit"))
        #expect(main.localizations == ["de"])
    }

    @Test func symlinkedLprojCountsAsALocalizationWhenItLeadsToAFolder() throws {
        let scratch = try ScratchDirectory()
        var framework = FixtureBuilder.versionedFramework()
        framework.setFile("Kit.framework/Versions/A/Resources/fr.lproj/Kit.strings", FixtureBuilder.strings([("a", "b")]))
        framework.setSymlink("Kit.framework/Versions/A/Resources/fr_CA.lproj", target: "fr.lproj")
        framework.setSymlink("Kit.framework/Versions/A/Resources/xx.lproj", target: "missing.lproj")
        framework.setSymlink("Kit.framework/Versions/A/Resources/out.lproj", target: "../../../../elsewhere")
        framework.setFile("Kit.framework/Versions/A/Resources/file.lproj", "not a folder")
        for snapshot in [try BuildReader.read(path: try framework.writeDirectory(in: scratch.path)),
                         try BuildReader.read(path: try framework.writeZip(to: scratch.path("Kit.framework.zip")))] {
            #expect(snapshot.mainBundle?.localizations == ["en", "fr", "fr_CA"])
        }
    }

    @Test func ipaWithPayloadSwiftSupportAndSymbols() throws {
        let scratch = try ScratchDirectory()
        let ipa = FixtureBuilder.iOSApp().ipa()
        try ipa.writeZip(to: scratch.path("MyApp.ipa"))
        let snapshot = try BuildReader.read(path: scratch.path("MyApp.ipa"))
        #expect(snapshot.sourceKind == .ipa)
        #expect(snapshot.sourceName == "MyApp.ipa")
        #expect(snapshot.mainBundle?.path == BundlePath("Payload/MyApp.app"))
        #expect(snapshot.mainBundle?.identifier == "com.example.myapp")
        #expect(snapshot.entry("SwiftSupport/iphoneos/libswiftCore.dylib")?.kind == .file)
        #expect(snapshot.entry("Symbols/12345678-1234-1234-1234-123456789ABC.symbols")?.size == 300)
        #expect(snapshot.entries.count == ipa.nodes.count)
        #expect(snapshot.entry("Payload/MyApp.app/MyApp")?.isExecutable == true)
        // Stored and deflated entries give the same digests.
        try ipa.writeZip(to: scratch.path("Stored.ipa"), method: .stored)
        let stored = try BuildReader.read(path: scratch.path("Stored.ipa"))
        #expect(stored.entries == snapshot.entries)
        // The same app from a directory has the same content digests.
        let directory = try BuildReader.read(path: try FixtureBuilder.iOSApp().writeDirectory(in: scratch.path))
        #expect(directory.entry("MyApp.app/Assets.car")?.sha256 == snapshot.entry("Payload/MyApp.app/Assets.car")?.sha256)
    }

    @Test func appZip() throws {
        let scratch = try ScratchDirectory()
        let app = FixtureBuilder.macApp()
        try app.writeZip(to: scratch.path("MacApp.app.zip"))
        let snapshot = try BuildReader.read(path: scratch.path("MacApp.app.zip"))
        #expect(snapshot.sourceKind == .zip)
        #expect(snapshot.mainBundle?.path == BundlePath("MacApp.app"))
        #expect(snapshot.entries.count == app.nodes.count)
        let link = try #require(snapshot.entry("MacApp.app/Contents/Frameworks/Kit.framework/Versions/Current"))
        #expect(link.kind == .symlink)
        #expect(link.symlinkTarget == Array("A".utf8))
        let fromDirectory = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        #expect(fromDirectory.entries == snapshot.entries)
        #expect(fromDirectory.bundles == snapshot.bundles)
        #expect(fromDirectory.plists == snapshot.plists)
    }

    @Test func xcarchive() throws {
        let scratch = try ScratchDirectory()
        let archive = FixtureBuilder.xcarchive(app: FixtureBuilder.iOSApp())
        let root = try archive.writeDirectory(in: scratch.path, named: "MyApp.xcarchive")
        let snapshot = try BuildReader.read(path: root)
        #expect(snapshot.sourceKind == .xcarchive)
        #expect(snapshot.sourceName == "MyApp.xcarchive")
        #expect(snapshot.mainBundle?.path == BundlePath("Products/Applications/MyApp.app"))
        #expect(snapshot.mainBundle?.identifier == "com.example.myapp")
        // The archive Info.plist is recorded and decoded as metadata.
        let metadata = try #require(snapshot.plist("Info.plist")?.document?.root)
        #expect(metadata["SchemeName"] == .string("MyApp"))
        #expect(metadata["ArchiveVersion"]?.typeName == "integer")
        // dSYMs are listed.
        #expect(snapshot.entry("dSYMs/MyApp.app.dSYM/Contents/Resources/DWARF/MyApp")?.size == 512)
        #expect(snapshot.entry("dSYMs/MyApp.app.dSYM")?.kind == .directory)
        #expect(snapshot.entries.count == archive.nodes.count)
    }
}
