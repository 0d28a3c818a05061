import BundleModel
import BundleReading
import CodeSigning
import Testing
import TestSupport

@Suite struct SealEvaluatorTests {
    /// A sealed iOS app with a symlink and a nested framework, read back from disk.
    static func sealedApp(_ change: (inout FixtureBuilder) -> Void = { _ in }) throws -> [SealEvaluation] {
        var app = FixtureBuilder.iOSApp(name: "MyApp")
        app.setSymlink("MyApp.app/Current", target: "Assets.car")
        app.seal("MyApp.app", executable: "MyApp")
        change(&app)
        let scratch = try ScratchDirectory()
        let root = try app.writeDirectory(in: scratch.path)
        let snapshot = try BuildReader.read(path: root)
        return SealEvaluator.evaluate(snapshot).filter { $0.bundlePath == BundlePath("MyApp.app") }
    }

    @Test func aFreshSealVerifiesClean() throws {
        let evaluation = try #require(try Self.sealedApp().first)
        #expect(evaluation.outcome == .evaluated)
        #expect(evaluation.discrepancies.isEmpty)
        #expect(evaluation.checked > 10)
    }

    /// Each bundle's walk reads its own run of the sorted entries, a folder's children
    /// right after it, before a sibling named like it with a byte below `/` next
    /// (`Assets-b`, `Assets.car`), and makes the folders no entry names: with every folder's
    /// entry left out, the evaluation is the same, and nothing is met twice.
    @Test func siblingsNamedLikeAFolderAndUnlistedFoldersWalkAsOnDisk() throws {
        var app = FixtureBuilder.iOSApp(name: "MyApp")
        app.setFile("MyApp.app/Assets/x.png", "x")
        app.setFile("MyApp.app/Assets/y/z.png", "z")
        app.setFile("MyApp.app/Assets-b", "b")
        app.setFile("MyApp.app/Assets.json", "{}")
        app.seal("MyApp.app", executable: "MyApp")
        let scratch = try ScratchDirectory()
        var snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        let app0 = BundlePath("MyApp.app")
        let full = try #require(SealEvaluator.evaluate(snapshot).first { $0.bundlePath == app0 })
        #expect(full.outcome == .evaluated)
        #expect(full.discrepancies.isEmpty)
        #expect(full.checked > 10)
        snapshot.entries = EntryList(snapshot.entries.filter { !($0.kind == .directory && $0.path != app0 && $0.path.isWithin(app0)) })
        let implied = try #require(SealEvaluator.evaluate(snapshot).first { $0.bundlePath == app0 })
        #expect(implied == full)
    }

    /// A nested-code folder is met once, whatever its siblings are called: a sibling named
    /// like it (`X.appex-notes`) sorts, bytewise, between the folder and what it holds.
    @Test func aNestedFolderIsMetOnceBesideASiblingNamedLikeIt() throws {
        var app = FixtureBuilder.iOSApp(name: "MyApp")
        app.setFile("MyApp.app/PlugIns/X.appex/X", "x")
        app.setFile("MyApp.app/PlugIns/X.appex-notes", "n")
        var rules2 = FixtureBuilder.iOSRules2
        rules2["^PlugIns/"] = ["nested": true, "weight": 30.0]
        app.seal("MyApp.app", executable: "MyApp", rules2: rules2)
        let scratch = try ScratchDirectory()
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        let evaluation = try #require(SealEvaluator.evaluate(snapshot).first { $0.bundlePath == BundlePath("MyApp.app") })
        // The seal names no nested code there: one finding for the folder.
        let nested = evaluation.discrepancies.filter { $0.path == BundlePath("MyApp.app/PlugIns/X.appex") }
        #expect(nested.map(\.kind) == [.nestedUnsealed])
    }

    @Test func fourTampersAreCaughtWithTheirPaths() throws {
        let evaluation = try #require(try Self.sealedApp { app in
            var bytes = app.contents("MyApp.app/Assets.car") ?? []
            bytes[0] ^= 0xFF
            app.setFile("MyApp.app/Assets.car", bytes)
            app.setFile("MyApp.app/extra.json", "{}")
            app.remove("MyApp.app/PrivacyInfo.xcprivacy")
            app.setSymlink("MyApp.app/Current", target: "PkgInfo")
        }.first)
        let found = evaluation.discrepancies.map { "\($0.kind.rawValue) \($0.path)" }
        #expect(found == [
            "changed MyApp.app/Assets.car",
            "symlink-target MyApp.app/Current",
            "missing MyApp.app/PrivacyInfo.xcprivacy",
            "added MyApp.app/extra.json",
        ].sorted { $0.split(separator: " ")[1] < $1.split(separator: " ")[1] })
        let link = try #require(evaluation.discrepancies.first { $0.kind == .symlinkTarget })
        #expect(link.sealedTarget == "Assets.car")
        #expect(link.foundTarget == Array("PkgInfo".utf8))
    }

    @Test func optionalOmittedAndExcludedPathsAreNotFindings() throws {
        let evaluation = try #require(try Self.sealedApp { app in
            app.remove("MyApp.app/de.lproj/Localizable.strings")        // optional
            app.setFile("MyApp.app/.DS_Store", "x")                     // omitted
            app.setFile("MyApp.app/Info.plist", app.contents("MyApp.app/Info.plist")! + [0x0A]) // omitted (tie at 20)
            app.setFile("MyApp.app/MyApp", [1, 2, 3], executable: true) // main executable: excluded
        }.first)
        #expect(evaluation.discrepancies.isEmpty)
    }

    @Test func aFileTurnedIntoASymlinkChangesKind() throws {
        let evaluation = try #require(try Self.sealedApp { app in
            app.setSymlink("MyApp.app/Assets.car", target: "PkgInfo")
        }.first)
        #expect(evaluation.discrepancies.map(\.kind) == [.kindChanged])
    }

    /// macOS seals nested code by requirement: a nested bundle present but unsealed, and a
    /// sealed one absent.
    @Test func nestedCodeSealedButAbsentOrPresentButUnsealed() throws {
        var app = FixtureBuilder.macApp(name: "MacApp")
        app.setFile("MacApp.app/Contents/Frameworks/Kit.framework/Kit", [1], executable: true)
        let rules2: [String: Any] = [
            "^.*": true,
            #"^(Frameworks|SharedFrameworks|PlugIns|Plug-ins|XPCServices|Helpers|MacOS|Library/(Automator|Spotlight|LoginItems))/"#:
                ["nested": true, "weight": 10.0],
            #"^[^/]+$"#: ["nested": true, "weight": 10.0],
            #"^Info\.plist$"#: ["omit": true, "weight": 20.0],
            #"^PkgInfo$"#: ["omit": true, "weight": 20.0],
            #"^Resources/"#: ["weight": 20.0],
        ]
        let files2: [String: Any] = [
            "Frameworks/Gone.framework": ["cdhash": [UInt8](repeating: 1, count: 20), "requirement": "cdhash H\"01\""],
        ]
        app.setFile("MacApp.app/Contents/_CodeSignature/CodeResources", FixtureBuilder.plist(
            ["files": [:] as [String: Any], "files2": files2, "rules": ["^.*": true], "rules2": rules2] as [String: Any]))
        let scratch = try ScratchDirectory()
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        let evaluation = try #require(SealEvaluator.evaluate(snapshot).first)
        let nested = evaluation.discrepancies.filter { $0.kind == .nestedMissing || $0.kind == .nestedUnsealed }
        #expect(nested.map { "\($0.kind.rawValue) \($0.path)" } == [
            "nested-missing MacApp.app/Contents/Frameworks/Gone.framework",
            "nested-unsealed MacApp.app/Contents/Frameworks/Kit.framework",
            "nested-unsealed MacApp.app/Contents/PlugIns/Extra.bundle",
            "nested-unsealed MacApp.app/Contents/XPCServices/Helper.xpc",
        ])
    }

    /// A hostile seal (a pattern that is slow for backtracking engines, many times) ends in
    /// a bounded outcome, and a pattern `regcomp` refuses makes the seal invalid.
    @Test func hostileAndInvalidRulesEndInAnOutcome() throws {
        var rules2 = FixtureBuilder.iOSRules2
        for i in 0..<50 { rules2["^(a|aa|a+)+(x|y)*\(i)$"] = true }
        let costly = try #require(try Self.sealedApp { $0.seal("MyApp.app", executable: "MyApp", rules2: rules2) }.first)
        #expect(costly.outcome == .evaluated)
        var app = FixtureBuilder.iOSApp(name: "MyApp")
        app.seal("MyApp.app", executable: "MyApp", rules2: rules2)
        let scratch = try ScratchDirectory()
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        let bounded = try #require(SealEvaluator.evaluate(snapshot, budget: 10_000).first)
        #expect(bounded.outcome == .tooCostly(limit: 10_000))
        let invalid = try #require(try Self.sealedApp {
            var bad = FixtureBuilder.iOSRules2
            bad["^(Frameworks"] = true
            $0.seal("MyApp.app", executable: "MyApp", rules2: bad)
        }.first)
        guard case .invalid = invalid.outcome else {
            Issue.record("expected an invalid seal, got \(invalid.outcome)")
            return
        }
    }
}
