import BundleModel
import BundleReading
import Foundation
import Testing
import TestSupport

/// The real PreviewsSupport.xcframework (EmergeTools, three tags): read, snapshot, diff and
/// check, each slice a bundle; its Info.plist is read here by Foundation, independently.
@Suite(Corpus.trait) struct CorpusXCFrameworkTests {
    static let tags = ["v0.8.3", "v0.8.10", "v0.10.13"]

    static func path(_ tag: String) throws -> String {
        try Corpus.path("bundles/EmergeTools-SnapshotPreviews-xcframework/\(tag)/PreviewsSupport.xcframework")
    }

    /// `AvailableLibraries` as Foundation reads it: (LibraryIdentifier, LibraryPath).
    static func libraries(_ xcf: String) throws -> [(String, String)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: xcf + "/Info.plist"))
        let plist = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        let list = try #require(plist?["AvailableLibraries"] as? [[String: Any]])
        return list.compactMap { d in
            guard let id = d["LibraryIdentifier"] as? String, let path = d["LibraryPath"] as? String else { return nil }
            return (id, path)
        }
    }

    /// The corpus slices do not match their seals in `Modules/` (the vendor edits the
    /// swiftmodule after signing, and the copy lost the gitignored private interfaces; see
    /// docs/precision.md), which the seal rules leave alone in an XCFramework slice
    /// (`SealCheck.isXCFrameworkSlice`): `eachSliceIsABundle` checks that no error is left.
    /// These tests, about the XCFramework's structure, turn the seal rules off anyway. The copy
    /// also lost the macOS and Catalyst slices' symlinks, which `structure.framework-versions`
    /// notes (info); that rule is off here too and pinned in `CorpusFrameworkLayoutTests`.
    static func sealOff(_ scratch: ScratchDirectory) throws -> String {
        try scratch.write("seal-off.yml",
                          "rules:\n  seal.changed: off\n  seal.missing: off\n  structure.framework-versions: off\n")
    }

    @Test("each slice is a bundle", arguments: tags)
    func eachSliceIsABundle(_ tag: String) throws {
        let xcf = try Self.path(tag)
        let snapshot = try BuildReader.read(path: xcf)
        #expect(snapshot.mainBundle?.kind == .xcframework)
        let libraries = try Self.libraries(xcf)
        #expect(libraries.count == ["v0.8.3": 6, "v0.8.10": 6, "v0.10.13": 10][tag])
        for (id, path) in libraries {
            let slice = snapshot.bundles.first { $0.path == BundlePath("PreviewsSupport.xcframework/\(id)/\(path)") }
            #expect(slice?.kind == .framework, "\(id)")
            #expect(slice?.parentPath == BundlePath("PreviewsSupport.xcframework"), "\(id)")
        }
        let scratch = try ScratchDirectory("xcf")
        let check = CLIHarness.run(["check", xcf, "--fail-on", "info", "--config", try Self.sealOff(scratch)])
        #expect(check.status == 0, "a real XCFramework whose Info.plist matches its slices: \(check.out)\(check.err)")
        // Its slices' seals list interface files `xcodebuild -create-xcframework` removed or
        // the vendor edited after signing (`Modules/`): Xcode strips those and signs the
        // framework again when it embeds it, so they are not judged.
        let all = CLIHarness.run(["check", xcf, "--details"])
        let errors = all.out.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errors.isEmpty, "\(all.out)")
    }

    @Test func recordDiffAndCheckTheRecordedBuild() throws {
        let scratch = try ScratchDirectory("xcf")
        let repo = scratch.path("h")
        for tag in Self.tags {
            #expect(CLIHarness.run(["snapshot", try Self.path(tag), "--repo", repo, "--label", tag]).status == 0)
        }
        let config = try Self.sealOff(scratch)
        let diff = CLIHarness.run(["diff", try Self.path("v0.8.10"), try Self.path("v0.10.13"), "--format", "json", "--config", config])
        #expect(diff.status == 0, "\(diff.err)")
        let tree = try JSONTree.parse(diff.out)
        #expect(try JSONReportTests.problems(diff.out) == nil)
        let added = tree["bundles"]?.arrayValue?.filter { $0["status"] == .string("added") }.compactMap { $0["name"]?.stringValue }
        #expect(added?.count == 4, "tvOS and watchOS slices, device and simulator")
        #expect(added?.contains("com.emerge.PreviewsSupport (tvos-arm64/PreviewsSupport.framework)") == true, "\(added ?? [])")
        let recorded = CLIHarness.run(["check", "latest", "--repo", repo, "--fail-on", "info", "--config", config])
        #expect(recorded.status == 0, "\(recorded.out)\(recorded.err)")
        #expect(recorded.out.hasPrefix("build: latest\n"))
    }

    @Test func aMissingAndAnUnlistedSliceAreFound() throws {
        let scratch = try ScratchDirectory("xcf")
        let copy = scratch.path("PreviewsSupport.xcframework")
        try FileManager.default.copyItem(atPath: try Self.path("v0.10.13"), toPath: copy)
        // The corpus is read-only: make the copy's folders writable (not as root either).
        for case let relative as String in FileManager.default.enumerator(atPath: copy)?.allObjects ?? [] {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: copy + "/" + relative, isDirectory: &isDirectory), isDirectory.boolValue {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy + "/" + relative)
            }
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/tvos-arm64")
        try FileManager.default.createDirectory(atPath: copy + "/ios-arm64e/Other.framework", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: copy + "/ios-arm64e/Other.framework/Other"))
        let r = CLIHarness.run(["check", copy, "--details", "--config", try Self.sealOff(scratch)])
        #expect(r.status == 1)
        #expect(r.out.contains("error: structure.xcframework-libraries: PreviewsSupport.xcframework: slice 'tvos-arm64' is listed but its folder does not exist"), "\(r.out)")
        #expect(r.out.contains("warning: structure.xcframework-libraries: PreviewsSupport.xcframework: folder 'ios-arm64e' is not listed"), "\(r.out)")
        #expect(r.out.contains("PASS") == false)
        #expect(r.out.contains("FAIL (1 failing): 1 error, 1 warning, 0 info"), "\(r.out)")
    }
}
