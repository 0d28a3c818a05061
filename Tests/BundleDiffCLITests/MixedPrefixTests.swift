import Foundation
import Testing
import TestSupport

/// An `.ipa` (`Payload/MyApp.app/…`) compared with a folder build (`MyApp.app/…`): every
/// path of the app reads relative to the app on both sides, in moves, in file lists and
/// in findings.
@Suite struct MixedPrefixTests {
    @Test(arguments: [false, true]) func ipaAgainstAFolderPrintsPathsRelativeToTheApp(ipaIsNew: Bool) throws {
        let scratch = try ScratchDirectory("prefix")
        let app = FixtureBuilder.iOSApp()
        var moved = app
        moved.setFile("MyApp.app/Media/Assets.car", app.contents("MyApp.app/Assets.car") ?? [])
        moved.remove("MyApp.app/Assets.car")
        moved.remove("MyApp.app/PrivacyInfo.xcprivacy")
        let ipa = try (ipaIsNew ? moved : app).ipa().writeZip(to: scratch.path("MyApp.ipa"))
        let folder = try (ipaIsNew ? app : moved).writeDirectory(in: scratch.path("folder"))
        for format in ["text", "markdown", "html"] {
            let r = CLIHarness.run(["diff", ipaIsNew ? folder : ipa, ipaIsNew ? ipa : folder, "--format", format])
            #expect(r.status != 2, "\(r.err)")
            #expect(!r.out.contains("Payload/MyApp.app"), "\(format): \(r.out)")
            #expect(r.out.contains("Assets.car"), "\(format): \(r.out)")
            #expect(r.out.contains("PrivacyInfo.xcprivacy"), "\(format): \(r.out)")
        }
        let text = CLIHarness.run(["diff", ipaIsNew ? folder : ipa, ipaIsNew ? ipa : folder]).out
        let (from, to) = ("Assets.car", "Media/Assets.car")
        #expect(text.contains("  \(from) → \(to) [exact] in com.example.myapp\n"), "\(text)")
        #expect(text.contains("moves.resource-moved"), "\(text)")
        #expect(text.contains("\(from) moved to \(to):"), "\(text)")
    }
}
