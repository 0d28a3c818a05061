import BundleModel
import BundleReading
import CodeSigning
import Foundation
import Testing
import TestSupport

/// Every signed bundle of the real-world corpus verifies clean against its own seal.
@Suite struct CorpusSealTests {
    static var corpusRoot: String? {
        guard let root = ProcessInfo.processInfo.environment["BUNDLEDIFF_CORPUS"], !root.isEmpty else { return nil }
        return root
    }

    /// The outermost bundle holding each `_CodeSignature/CodeResources` of the corpus, and
    /// every `.ipa`/`.zip` (those that read).
    static func inputs(_ root: String) -> [String] {
        let base = root + "/bundles"
        let fm = FileManager.default
        var bundles: Set<String> = []
        var archives: [String] = []
        guard let walker = fm.enumerator(atPath: base) else { return [] }
        while let item = walker.nextObject() as? String {
            let lower = item.lowercased()
            if lower.hasSuffix(".ipa") || lower.hasSuffix(".zip") { archives.append(base + "/" + item) }
            guard item.hasSuffix("_CodeSignature/CodeResources") else { continue }
            // The outermost *.app/.framework/.xctest/.bundle/.xpc on the way.
            let parts = item.split(separator: "/").map(String.init)
            let bundleExtensions = [".app", ".framework", ".xctest", ".bundle", ".xpc", ".appex"]
            if let i = parts.firstIndex(where: { p in bundleExtensions.contains { p.hasSuffix($0) } }) {
                bundles.insert(base + "/" + parts[...i].joined(separator: "/"))
            }
        }
        return bundles.sorted() + archives.sorted()
    }

    /// Why a corpus seal does not verify, where it does not; nil for an unexplained one.
    ///  - Sparkle's `CodeSignedInvalid.bundle` is a test fixture broken on purpose (a file
    ///    added after signing): true.
    ///  - PreviewsSupport.xcframework (EmergeTools/SnapshotPreviews): the repository's
    ///    `.gitignore` drops `PreviewsSupport.xcframework/**/*.private.swiftinterface`, so the
    ///    corpus copy lost those sealed files (not a finding about the build); its other
    ///    `.swiftmodule` contents were replaced after signing (the project's build script
    ///    copies the swiftmodule in after `xcodebuild archive` and edits every
    ///    `.swiftinterface` with sed): true.
    static func explanation(_ d: SealDiscrepancy, input: String) -> String? {
        let path = d.path.description
        if input.contains("CodeSignedInvalid.bundle"), d.kind == .added { return "true: Sparkle fixture broken on purpose" }
        guard input.contains("EmergeTools-SnapshotPreviews-xcframework"), path.contains(".swiftmodule/") else { return nil }
        if d.kind == .missing, path.hasSuffix(".private.swiftinterface") { return "corpus copy lost it (.gitignore)" }
        if d.kind == .missing, path.hasSuffix(".swiftmodule") { return "true: removed after signing by the vendor" }
        if d.kind == .changed, path.hasSuffix(".swiftinterface") { return "true: edited after signing by the vendor" }
        return nil
    }

    /// What the evaluator makes of every corpus input, pinned with the name its results are
    /// kept under (`SealEvaluation.factsName`): a later command reads kept evaluations back
    /// as they are, so a change to what the evaluator makes of a build must change the name.
    /// When this fails after such a change: raise the number in `factsName`, pin the new digest.
    @Test(.enabled(if: corpusRoot != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func theNameKeptEvaluationsGoByFollowsWhatTheEvaluatorMakes() throws {
        let root = try #require(Self.corpusRoot)
        var all: [UInt8] = []
        for input in Self.inputs(root) {
            guard let snapshot = try? BuildReader.read(path: input) else { continue }
            all += Array(input.dropFirst(root.count).utf8) + SealEvaluation.encoded(SealEvaluator.evaluate(snapshot))
        }
        #expect("\(SealEvaluation.factsName) \(SHA256Digest.of(all))" == "seals-1 689c8fb10719687c6158fcc2443c575ab8662cc9d2d144c86d842403237f8033")
    }

    @Test(.enabled(if: corpusRoot != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func everySealVerifiesOrIsExplained() throws {
        let root = try #require(Self.corpusRoot)
        var seals = 0
        var explained: [String: Int] = [:]
        for input in Self.inputs(root) {
            guard let snapshot = try? BuildReader.read(path: input) else { continue }
            for evaluation in SealEvaluator.evaluate(snapshot) {
                seals += 1
                #expect(evaluation.outcome == .evaluated, "\(input): \(evaluation.bundlePath): \(evaluation.outcome)")
                for d in evaluation.discrepancies {
                    let why = Self.explanation(d, input: input)
                    #expect(why != nil, "\(input): unexplained \(d.kind.rawValue) \(d.path)")
                    explained[why ?? "unexplained", default: 0] += 1
                }
            }
        }
        // 62 seals: 39 bundles, 4 archives, nested seals of FBTestRunnerApp and 22 slices.
        #expect(seals == 62)
        #expect(explained == [
            "true: Sparkle fixture broken on purpose": 1,
            "corpus copy lost it (.gitignore)": 28,
            "true: removed after signing by the vendor": 38,
            "true: edited after signing by the vendor": 38,
        ])
    }

    /// A copy of a real app with one byte changed, one file added, one sealed file removed
    /// and one sealed file replaced by a symlink is caught four times, with the paths. (No
    /// corpus seal holds a symlink: the re-pointed symlink itself is covered by
    /// `SealEvaluatorTests.fourTampersAreCaughtWithTheirPaths`.)
    @Test(.enabled(if: corpusRoot != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func aTamperedCopyIsCaughtFourTimes() throws {
        let root = try #require(Self.corpusRoot)
        let source = root + "/bundles/idb-Fixtures-HEAD/2026-08-22_3f1bb6eb3a/Binaries/FBTestRunnerApp.app"
        let scratch = try ScratchDirectory()
        let copy = scratch.path("FBTestRunnerApp.app")
        let fm = FileManager.default
        try fm.copyItem(atPath: source, toPath: copy)
        for item in fm.enumerator(atPath: copy)?.allObjects as? [String] ?? [] {
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy + "/" + item)
        }
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
        let clean = try #require(SealEvaluator.evaluate(try BuildReader.read(path: copy)).first)
        #expect(clean.discrepancies.isEmpty)

        let binary = copy + "/Frameworks/XCTest.framework/XCTest"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: binary)))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: binary))
        try Data("added".utf8).write(to: URL(fileURLWithPath: copy + "/Frameworks/added.txt"))
        try fm.removeItem(atPath: copy + "/Frameworks/XCTAutomationSupport.framework/version.plist")
        try fm.removeItem(atPath: copy + "/Frameworks/XCTest.framework/version.plist")
        try fm.createSymbolicLink(atPath: copy + "/Frameworks/XCTest.framework/version.plist", withDestinationPath: "Info.plist")

        let tampered = try #require(SealEvaluator.evaluate(try BuildReader.read(path: copy)).first)
        #expect(tampered.bundlePath == BundlePath("FBTestRunnerApp.app"))
        #expect(tampered.discrepancies.map { "\($0.kind.rawValue) \($0.path)" } == [
            "missing FBTestRunnerApp.app/Frameworks/XCTAutomationSupport.framework/version.plist",
            "changed FBTestRunnerApp.app/Frameworks/XCTest.framework/XCTest",
            "kind-changed FBTestRunnerApp.app/Frameworks/XCTest.framework/version.plist",
            "added FBTestRunnerApp.app/Frameworks/added.txt",
        ])
    }
}
