import BundleModel
import BundleReading
import Foundation
import PropertyLists
import Testing
import TestSupport

@Suite struct ContentTests {
    @Test func rawBytePathsSurvive() throws {
        let scratch = try ScratchDirectory()
        var app = FixtureBuilder.iOSApp(nested: false)
        let nfc = "MyApp.app/caf\u{E9}.txt"
        let nfd = "MyApp.app/cafe\u{301}.txt"
        app.set(BundlePath(bytes: Array(nfc.utf8)), .file(Array("composed".utf8), executable: false))
        app.set(BundlePath(bytes: Array(nfd.utf8)), .file(Array("decomposed".utf8), executable: false))
        let latin1 = BundlePath(bytes: Array("MyApp.app/".utf8) + [0x6E, 0xE9, 0x2E, 0x62, 0x69, 0x6E])
        app.set(latin1, .file([1, 2, 3], executable: false))
        for snapshot in [try BuildReader.read(path: try app.writeDirectory(in: scratch.path)),
                         try BuildReader.read(path: try app.writeZip(to: scratch.path("raw.zip")))] {
            let composed = try #require(snapshot.entries.first { $0.path.bytes == Array(nfc.utf8) })
            let decomposed = try #require(snapshot.entries.first { $0.path.bytes == Array(nfd.utf8) })
            #expect(composed.size == 8)
            #expect(decomposed.size == 10)
            #expect(composed.sha256 != decomposed.sha256)
            let odd = try #require(snapshot.entries.first { $0.path == latin1 })
            #expect(odd.size == 3)
            #expect(odd.path.description.contains("\\xE9"))
        }
    }

    @Test func executableBitAndDigests() throws {
        let scratch = try ScratchDirectory()
        let app = FixtureBuilder.iOSApp(nested: false)
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        #expect(snapshot.entry("MyApp.app/MyApp")?.isExecutable == true)
        #expect(snapshot.entry("MyApp.app/PkgInfo")?.isExecutable == false)
        #expect(snapshot.entry("MyApp.app/Base.lproj")?.kind == .directory)
        #expect(snapshot.entry("MyApp.app/Base.lproj")?.isExecutable == false)
        for path in ["MyApp.app/PkgInfo", "MyApp.app/MyApp", "MyApp.app/Assets.car", "MyApp.app/Info.plist"] {
            let bytes = try #require(app.contents(path))
            let entry = try #require(snapshot.entry(path))
            #expect(entry.sha256?.description == (try sha256Hex(bytes)), "\(path)")
            #expect(entry.size == UInt64(bytes.count))
        }
        // The empty file's digest is the well-known one.
        var empty = app
        empty.setFile("MyApp.app/empty", [UInt8]())
        let emptyScratch = try ScratchDirectory()
        let emptyRead = try BuildReader.read(path: try empty.writeDirectory(in: emptyScratch.path))
        #expect(emptyRead.entry("MyApp.app/empty")?.sha256?.description
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func propertyListsAreDecoded() throws {
        let scratch = try ScratchDirectory()
        let app = FixtureBuilder.iOSApp(binaryInfoPlist: true, nested: false)
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        let info = try #require(snapshot.plist("MyApp.app/Info.plist")?.document)
        #expect(info.format == .binary)
        #expect(info.root["CFBundleIdentifier"] == .string("com.example.myapp"))
        #expect(info.root["LSRequiresIPhoneOS"] == .boolean(true))
        let privacy = try #require(snapshot.plist("MyApp.app/PrivacyInfo.xcprivacy")?.document)
        #expect(privacy.format == .xml)
        let french = try #require(snapshot.plist("MyApp.app/fr.lproj/Localizable.strings")?.document)
        #expect(french.encoding == .utf16LEBOM)
        #expect(french.root["greeting"] == .string("Hello [fr]"))
        let english = try #require(snapshot.plist("MyApp.app/en.lproj/Localizable.strings")?.document)
        #expect(english.root["farewell"] == .string("Bye [en]"))
        let profile = try #require(snapshot.plist("MyApp.app/embedded.mobileprovision")?.document)
        #expect(profile.root["TeamIdentifier"] == .array([.string("ABCDE12345")]))
        #expect(snapshot.plist("MyApp.app/_CodeSignature/CodeResources")?.document != nil)
        #expect(snapshot.plist("MyApp.app/Base.lproj/Main.storyboardc/Info.plist")?.document?.format == .binary)
        #expect(snapshot.plist("MyApp.app/MyApp") == nil)
        #expect(snapshot.plist("MyApp.app/PkgInfo") == nil)
    }

    @Test func badPlistInsideAGoodBundleIsUndecodable() throws {
        let scratch = try ScratchDirectory()
        var app = FixtureBuilder.iOSApp(nested: false)
        app.setFile("MyApp.app/Broken.plist", "<?xml version=\"1.0\"?><plist><dict><key>a</key></plist>")
        app.setFile("MyApp.app/en.lproj/Bad.strings", "\"unterminated = ;")
        app.setFile("MyApp.app/Bomb.plist", exponentialBinaryPlist())
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        for path in ["MyApp.app/Broken.plist", "MyApp.app/en.lproj/Bad.strings", "MyApp.app/Bomb.plist"] {
            guard case .undecodable(let reason) = snapshot.plist(path) else {
                Issue.record("\(path) should be undecodable: \(String(describing: snapshot.plist(path)))")
                continue
            }
            #expect(!reason.isEmpty)
        }
        if case .undecodable(let reason) = snapshot.plist("MyApp.app/Bomb.plist") {
            #expect(reason.contains("shared references"))
        }
        #expect(snapshot.entry("MyApp.app/Broken.plist")?.sha256 != nil)
        #expect(snapshot.mainBundle?.identifier == "com.example.myapp")
    }
}
