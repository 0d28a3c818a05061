import Foundation
import Testing

/// `structure.framework-versions` on the real Sparkle frameworks: the release zips keep
/// the symbolic links Xcode made (checked clean), the unpacked copies lost them (each says
/// so once, as a note, and is not judged).
@Suite(Corpus.trait) struct CorpusFrameworkLayoutTests {
    static let zips = [
        "bundles/sparkle-framework-builds/2013-06-07_502c7fb6db/Sparkle.framework.zip",
        "bundles/sparkle-framework-builds/2013-08-19_b3c69f8b8c/DevMate_Sparkle.zip",
        "bundles/sparkle-test-apps/2024-06-30_fa4eaa977c/archives/SparkleTestCodeSignApp.zip",
    ]
    static let flattened = [
        "bundles/sparkle-framework-builds/2013-06-07_502c7fb6db/extracted/Sparkle.framework",
        "bundles/sparkle-test-apps/2024-06-30_fa4eaa977c/SparkleTestCodeSignApp-tar/SparkleTestCodeSignApp.app",
    ]

    static func layoutLines(_ path: String) -> [Substring] {
        let r = CLIHarness.run(["check", path, "--details", "--fail-on", "info"])
        return r.out.split(separator: "\n").filter { $0.contains("structure.framework-versions") }
    }

    @Test("real symlinks check clean", arguments: zips)
    func zipsAreClean(_ relative: String) throws {
        #expect(Self.layoutLines(try Corpus.path(relative)).isEmpty)
    }

    @Test("a copy that lost its symlinks is a note", arguments: flattened)
    func flattenedIsANote(_ relative: String) throws {
        let lines = Self.layoutLines(try Corpus.path(relative))
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("info: ") && $0.contains("lost its symlinks") }, "\(lines)")
    }
}
