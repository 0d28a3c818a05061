import BundleModel
import BundleReading
import Testing
import TestSupport
@testable import Comparison

/// A versioned framework whose version folder was renamed (`Versions/A` to `Versions/B`,
/// as Sparkle 1 to 2; a Chromium framework's `Versions/<version>` at every update) keeps
/// its resources where `Bundle` finds them: no move, while a resource that also changed
/// its place inside the version folder still moved.
@Suite struct RenamedVersionFolderTests {
    static func framework(version: String, extra: (path: String, text: String)? = nil) throws -> BuildSnapshot {
        var b = FixtureBuilder()
        let root = "Kit.framework"
        b.setFile("\(root)/Versions/\(version)/Kit", FixtureBuilder.bytes(2048, seed: 13), executable: true)
        b.setFile("\(root)/Versions/\(version)/Resources/Info.plist", FixtureBuilder.versionedFramework().contents(
            "Kit.framework/Versions/A/Resources/Info.plist") ?? [])
        b.setFile("\(root)/Versions/\(version)/Resources/en.lproj/Kit.strings", FixtureBuilder.strings([("a", "b")]))
        b.setFile("\(root)/Versions/\(version)/Resources/de.lproj/Kit.strings", FixtureBuilder.strings([("a", "c")]))
        b.setFile("\(root)/Versions/\(version)/Resources/Status.nib", "nib")
        if let extra { b.setFile("\(root)/Versions/\(version)/\(extra.path)", extra.text) }
        b.setSymlink("\(root)/Versions/Current", target: version)
        b.setSymlink("\(root)/Kit", target: "Versions/Current/Kit")
        b.setSymlink("\(root)/Resources", target: "Versions/Current/Resources")
        let scratch = try ScratchDirectory("version-\(version)")
        return try BuildReader.read(path: try b.writeDirectory(in: scratch.path))
    }

    @Test func aRenamedVersionFolderMovesNothing() throws {
        let c = Comparer.compare(old: try Self.framework(version: "A"), new: try Self.framework(version: "B"))
        #expect(c.moves.isEmpty, "\(c.moves)")
        let kit = try #require(c.bundles.first)
        #expect(kit.status == .matched)
        #expect(kit.files.removed.contains { $0.path == BundlePath("Kit.framework/Versions/A/Resources/Status.nib") })
        #expect(kit.files.added.contains { $0.path == BundlePath("Kit.framework/Versions/B/Resources/Status.nib") })
    }

    @Test func aResourceThatAlsoChangedItsPlaceStillMoved() throws {
        let old = try Self.framework(version: "A", extra: ("Resources/Terms.html", "<p>Terms</p>"))
        let new = try Self.framework(version: "B", extra: ("Resources/Legal/Terms.html", "<p>Terms</p>"))
        let c = Comparer.compare(old: old, new: new)
        #expect(c.moves.map(\.from) == [BundlePath("Kit.framework/Versions/A/Resources/Terms.html")], "\(c.moves)")
    }

    @Test func chineseRegionsImplyTheirScript() {
        #expect(LanguageCode.canonical("zh_CN") == "zh-Hans-CN")
        #expect(LanguageCode.canonical("zh-TW") == "zh-Hant-TW")
        #expect(LanguageCode.canonical("zh_HK") == "zh-Hant-HK")
        #expect(LanguageCode.canonical("zh-Hant") == "zh-Hant" && LanguageCode.canonical("zh-Hans-SG") == "zh-Hans-SG")
        #expect(LanguageCode.canonical("pt_BR") == "pt-BR")
        #expect(LanguageCode.regionalParent(of: "zh-HK", among: ["en", "zh-Hant", "zh-HK"]) == "zh-Hant")
        #expect(LanguageCode.regionalParent(of: "zh_CN", among: ["en", "zh-Hant"]) == nil)
    }

    @Test func replacedCodesReadAsTheirReplacement() {
        #expect(LanguageCode.canonical("iw") == "he" && LanguageCode.canonical("iw_IL") == "he-IL")
        #expect(LanguageCode.canonical("IN") == "id" && LanguageCode.canonical("ji") == "yi")
        // Norwegian `no` is the parent of Bokmål and Nynorsk, not another spelling of `nb`.
        #expect(LanguageCode.canonical("no") == "no" && LanguageCode.canonical("no_NO") == "no-NO")
        #expect(LanguageCode.regionalParent(of: "he-IL", among: ["en", "iw", "he-IL"]) == "iw")
    }
}
