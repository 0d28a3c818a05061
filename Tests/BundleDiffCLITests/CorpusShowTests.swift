import Foundation
import Testing
import TestSupport

@Suite(Corpus.trait) struct CorpusShowTests {
    @Test func xcarchiveMetadataIsShown() throws {
        let scratch = try ScratchDirectory("show")
        let archive = try Corpus.path("bundles/fastlane-very-capable-app/2026-07-21_d5347690d4/archives/very capable app.xcarchive")
        #expect(CLIHarness.run(["snapshot", archive, "--repo", scratch.path("h")]).status == 0)
        let r = CLIHarness.run(["show", "latest", "--repo", scratch.path("h")])
        #expect(r.out.contains("  archive SchemeName: very capable app\n"), "\(r.out)")
        #expect(r.out.contains("  archive CreationDate: 2018-04-25T23:09:03Z\n"))
        #expect(r.out.contains("Products/Applications/very capable app.app [app] org.fastlane.very-capable-app 1.0 (1)"))
        let key = CLIHarness.run(["show", "latest", "--repo", scratch.path("h"), "--file", "Info.plist", "--key",
                                  "ApplicationProperties.CFBundleIdentifier"])
        #expect(key.out == "org.fastlane.very-capable-app\n", "\(key.err)")
    }
}
