import Foundation
import Testing
import TestSupport

/// The comparisons the issue names, on real builds nobody on this team wrote.
@Suite(Corpus.trait) struct CorpusComparisonTests {
    @Test func tableSearchMovesEnglishNibsIntoBaseAndStepsTheVersion() throws {
        let old = try Corpus.path("bundles/idb-TableSearch/2016-08-16_d0bac6e029/TableSearch.app")
        let new = try Corpus.path("bundles/idb-TableSearch/2017-11-07_2e9d043354/TableSearch.app")
        let r = CLIHarness.run(["diff", old, new, "--details"], environment: CLIHarness.unwrapped)
        #expect(r.status != 2, "\(r.err)")
        #expect(r.out.contains("  en.lproj → Base.lproj [folder, 7 files, content changed] in com.example.apple-samplecode.TableSearch"), "\(r.out)")
        #expect(r.out.contains("~ CFBundleVersion: \"1.3\" → \"1.5\""))
        #expect(r.out.contains("plist Base.lproj/MainStoryboard.storyboardc/Info.plist: format xml (utf-8) → binary (values unchanged)"))
        // 1.3 → 1.5 is a bump, but Apple's sample has no CFBundleShortVersionString: App Store
        // Connect would refuse it (ITMS-90057), and the gate says so rather than pass.
        let gate = CLIHarness.run(["gate", new, "--against", old])
        #expect(gate.status == 1 && !gate.out.contains("build-not-increased")
                && gate.out.contains("version.malformed: com.example.apple-samplecode.TableSearch: CFBundleShortVersionString is missing"),
                "\(gate.out)")
    }

    @Test func tableSearchFormatOnlyChangeIsNotAValueChange() throws {
        let old = try Corpus.path("bundles/idb-TableSearch/2015-10-07_93454f2ee7/TableSearch.app")
        let new = try Corpus.path("bundles/idb-TableSearch/2016-08-16_d0bac6e029/TableSearch.app")
        let r = CLIHarness.run(["diff", old, new])
        #expect(r.out.contains("plist Info.plist: format binary → xml (utf-8)"), "\(r.out)")
    }

    @Test(arguments: [
        ("bundles/idb-iOSUnitTestFixture/2016-08-16_d0bac6e029/iOSUnitTestFixture.xctest",
         "bundles/idb-iOSUnitTestFixture/2016-11-10_ccd2066b11/iOSUnitTestFixture.xctest"),
        ("bundles/idb-MacUnitTestFixture/2016-08-16_d0bac6e029/MacUnitTestFixture.xctest",
         "bundles/idb-MacUnitTestFixture/2016-11-10_ccd2066b11/MacUnitTestFixture.xctest"),
    ])
    func rebuiltTestBundlesWithoutABumpAreFlagged(old: String, new: String) throws {
        let r = CLIHarness.run(["gate", try Corpus.path(new), "--against", try Corpus.path(old)])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        #expect(r.out.contains("error: version.build-not-increased: "))
    }

    @Test func sparkleGitHashVersionIsMalformed() throws {
        let old = try Corpus.path("bundles/sparkle-framework-builds/2013-08-19_b3c69f8b8c/DevMate_Sparkle.zip")
        let new = try Corpus.path("bundles/sparkle-framework-builds/2013-10-18_9c8e08b7ae/DevMate_Sparkle.zip")
        let r = CLIHarness.run(["gate", new, "--against", old])
        #expect(r.status == 1)
        #expect(r.out.contains("error: version.malformed: org.andymatuschak.Sparkle: CFBundleVersion '"), "\(r.out)")
        #expect(r.out.contains("looks like a commit hash"))
    }

    /// The Sparkle localization tags are folders of `.lproj`, not bundles: the test wraps
    /// each tag's real folders, unmodified, in a bundle with a minimal Info.plist.
    static func sparkleLocalizations(_ tag: String, in scratch: ScratchDirectory) throws -> String {
        try wrappedLocalizations("sparkle-source-lproj/\(tag)/Sparkle", id: "org.sparkle-project.Sparkle", in: scratch)
    }

    /// The folder of `.lproj` at `l10n/<folder>`, copied unmodified into a scratch bundle
    /// with a minimal Info.plist (development region en).
    static func wrappedLocalizations(_ folder: String, id: String, in scratch: ScratchDirectory) throws -> String {
        let source = try Corpus.path("l10n/\(folder)")
        let parent = scratch.path(folder.replacingOccurrences(of: "/", with: "_"))
        let bundle = parent + "/" + (folder.split(separator: "/").last.map(String.init) ?? "L10n") + ".bundle"
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: bundle)
        let info: [String: Any] = ["CFBundleIdentifier": id, "CFBundleVersion": "1", "CFBundleDevelopmentRegion": "en"]
        try PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: bundle + "/Info.plist"))
        return bundle
    }

    @Test func sparkleLocalizationTagsShowMissingKeys() throws {
        let scratch = try ScratchDirectory("sparkle")
        let old = try Self.sparkleLocalizations("2.0.0_85d3fa2e0e", in: scratch)
        let new = try Self.sparkleLocalizations("2.3.0_2a98381dfe", in: scratch)
        let r = CLIHarness.run(["diff", old, new, "--details"], environment: CLIHarness.unwrapped)
        #expect(r.status == 1, "\(r.err)")
        #expect(r.out.contains("l10n.string-keys"), "\(r.out)")
        #expect(r.out.contains("fr.lproj/SUUpdatePermissionPrompt.strings lacks 1 key(s) of en ('179.title')"))
        #expect(r.out.contains("pt_BR.lproj was renamed pt-BR.lproj (same language, not a drop)"))
        #expect(r.out.contains("  pt_BR.lproj → pt-BR.lproj [folder"))
        let lines = r.out.split(separator: "\n")
        let dropped = lines.drop { !$0.hasPrefix("    l10n.language-dropped (") }.dropFirst().prefix { $0.hasPrefix("      ") }
        #expect(dropped.contains { $0.contains("org.sparkle-project.Sparkle") && $0.contains("no.lproj is gone") })
        #expect(!r.out.contains("pt_BR.lproj is gone"), "a rename is not a drop")
    }
}
