import BundleModel
import BundleReading
import Foundation
@testable import SnapshotStore
import Testing
import TestSupport

/// `HistoryTimeline.size(of:before:)` sums a changed folder from an earlier version's sum
/// (only the entries whose ids differ are read): it must give the sum a fresh reading
/// gives, whatever the earlier version, and `ownSizes` walking the builds in order must
/// give each build's sizes as a timeline that read only that build.
@Suite struct TimelineSizeTests {
    /// Builds of one app: a file rewritten, files added and removed, a folder moved, a
    /// folder replaced by a file of its name and back, a nested bundle added inside an
    /// unchanged folder and removed, a language added, a symlink.
    static func builds() -> [FixtureBuilder] {
        var app = FixtureBuilder.iOSApp(languages: ["en", "fr"])
        var out = [app]
        func next(_ change: (inout FixtureBuilder) -> Void) {
            change(&app)
            let n = out.count + 1
            app.updateInfo("MyApp.app") { $0["CFBundleVersion"] = "\(n)" }
            out.append(app)
        }
        next { $0.setFile("MyApp.app/Assets.car", FixtureBuilder.bytes(3000, seed: 40)) }
        next {
            $0.setFile("MyApp.app/Res/a/one.bin", FixtureBuilder.bytes(100, seed: 41))
            $0.setFile("MyApp.app/Res/a/two.bin", FixtureBuilder.bytes(200, seed: 42))
            $0.setFile("MyApp.app/Res/b/three.bin", FixtureBuilder.bytes(300, seed: 43))
        }
        next {
            $0.remove("MyApp.app/Res/a/one.bin")
            $0.setFile("MyApp.app/Res/a/zero.bin", FixtureBuilder.bytes(7, seed: 44))
            $0.setFile("MyApp.app/Res/a/zzz.bin", FixtureBuilder.bytes(9, seed: 45))
        }
        next {  // a folder moved
            let bytes = $0.contents("MyApp.app/Res/b/three.bin") ?? []
            $0.remove("MyApp.app/Res/b")
            $0.setFile("MyApp.app/Res/c/three.bin", bytes)
        }
        next {  // a folder replaced by a file of its name
            $0.remove("MyApp.app/Res/a")
            $0.setFile("MyApp.app/Res/a", FixtureBuilder.bytes(5000, seed: 46))
        }
        next {  // and back
            $0.remove("MyApp.app/Res/a")
            $0.setFile("MyApp.app/Res/a/again.bin", FixtureBuilder.bytes(11, seed: 47))
        }
        next {  // a nested bundle inside an unchanged folder
            $0.setFile("MyApp.app/Frameworks/Extra.framework/Info.plist", FixtureBuilder.plist([
                "CFBundleIdentifier": "com.example.extra", "CFBundlePackageType": "FMWK",
                "CFBundleExecutable": "Extra", "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1",
            ]))
            $0.setFile("MyApp.app/Frameworks/Extra.framework/Extra", FixtureBuilder.bytes(777, seed: 48), executable: true)
        }
        next { $0.setStrings("MyApp.app/ko.lproj/Localizable.strings", ["greeting": "annyeong"]) }
        next { $0.setSymlink("MyApp.app/Res/link", target: "c/three.bin") }
        next { $0.remove("MyApp.app/Frameworks/Extra.framework") }
        next { $0.remove("MyApp.app/Res") }
        return out
    }

    static func record(_ builds: [FixtureBuilder], in scratch: ScratchDirectory) throws -> HistoryStore {
        let store = try HistoryStore.open(at: scratch.path("repo.git"), create: true)
        for (i, build) in builds.enumerated() {
            let path = try build.writeDirectory(in: scratch.path, named: "build\(i)") + "/MyApp.app"
            _ = try store.record(try BuildReader.read(path: path), options: options(1_700_000_000 + Int64(i)))
        }
        return store
    }

    /// Each build's own sizes three ways: recorded in its `bundlediff.json`, summed from
    /// the tree walking the builds in order, and summed by a timeline that read only it.
    @Test func walkingTheBuildsGivesEachBuildsOwnSizes() throws {
        let scratch = try ScratchDirectory("timeline-size")
        let store = try Self.record(Self.builds(), in: scratch)
        let recorded = try store.timeline(app: nil, channel: "main")
        let walked = try store.timeline(app: nil, channel: "main")
        #expect(walked.builds.count == Self.builds().count)
        var sawNested = false
        for (i, b) in walked.builds.enumerated() {
            let bundles = try walked.bundles(in: b)
            #expect(try recorded.summary(of: b).ownSizes != nil, "build \(i + 1)")
            let fromSummary = try recorded.ownSizes(of: bundles, in: b)
            let incremental = try walked.summedOwnSizes(of: bundles, in: b)
            let fresh = try store.timeline(app: nil, channel: "main")
            let alone = try fresh.summedOwnSizes(of: try fresh.bundles(in: fresh.builds[i]), in: fresh.builds[i])
            #expect(incremental == alone, "build \(i + 1)")
            #expect(fromSummary == alone, "build \(i + 1)")
            sawNested = sawNested || bundles.contains { $0.identifier == "com.example.extra" }
            // The sums add up to the recorded total.
            #expect(UInt64(incremental.values.reduce(0) { $0 + $1.bytes }) == b.build.bytes, "build \(i + 1)")
        }
        #expect(sawNested)
    }

    /// A summary written before bundles' own sizes and development regions were recorded
    /// (no `own`, no `developmentRegion` key) reads as such; a malformed one is refused.
    @Test func summariesWithoutOwnSizesAreSummedAndBadOnesRefused() throws {
        let app = BundleInfo(path: BundlePath("A.app"), kind: .app, layout: .flat,
                             infoPlistPath: BundlePath("A.app/Info.plist"), resourcesPath: BundlePath("A.app"))
        let snapshot = BuildSnapshot(sourceKind: .directory, sourceName: "A.app", entries: [
            FileEntry(path: BundlePath("A.app"), kind: .directory, size: 0),
            FileEntry(path: BundlePath("A.app/x"), kind: .file, size: 12),
        ], plists: [:], bundles: [app])
        let text = SnapshotSummary.render(snapshot, files: 1, bytes: 12)
        #expect(try SnapshotSummary.parse(Array(text.utf8)).get().ownSizes == [app.path: FolderSize(files: 1, bytes: 12)])
        guard case .success(.object(var top)) = JSONReader.parse(Array(text.utf8)),
              case .array(var bundles)? = top["bundles"], case .object(var first) = bundles[0] else {
            Issue.record("the summary is not the expected JSON")
            return
        }
        #expect(try SnapshotSummary.parse(Array(text.utf8)).get().developmentRegions == [:])
        first["own"] = nil
        first["developmentRegion"] = nil
        bundles[0] = .object(first)
        top["bundles"] = .array(bundles)
        let older = try SnapshotSummary.parse(Array(Self.write(.object(top)).utf8)).get()
        #expect(older.ownSizes == nil && older.developmentRegions == nil)
        first["developmentRegion"] = .string("fr")
        bundles[0] = .object(first)
        top["bundles"] = .array(bundles)
        #expect(try SnapshotSummary.parse(Array(Self.write(.object(top)).utf8)).get().developmentRegions == [app.path: "fr"])
        first["developmentRegion"] = .number("1")
        bundles[0] = .object(first)
        top["bundles"] = .array(bundles)
        guard case .failure = SnapshotSummary.parse(Array(Self.write(.object(top)).utf8)) else {
            Issue.record("a development region that is not a string was accepted")
            return
        }
        first["developmentRegion"] = nil
        first["own"] = .object(["files": .number("1"), "bytes": .number("-12")])
        bundles[0] = .object(first)
        top["bundles"] = .array(bundles)
        guard case .failure(let problem) = SnapshotSummary.parse(Array(Self.write(.object(top)).utf8)) else {
            Issue.record("a negative size was accepted")
            return
        }
        #expect(problem.reason == "has a malformed bundle size")
    }

    /// A line's messages parsed in two halves at once give the builds parsing in turn does.
    @Test func aLineParsedInHalvesIsTheLineParsedInTurn() throws {
        let scratch = try ScratchDirectory("timeline-halves")
        let store = try Self.record(Self.builds(), in: scratch)
        let line = Array(try store.firstParentLine(of: "refs/heads/com.example.myapp/main").reversed())
        let tags = try store.tagsByCommit(among: Set(line.map(\.id)))
        let inTurn = HistoryStore.timelineBuilds(line, tags: tags, splittingFrom: .max)
        #expect(inTurn.count == Self.builds().count)
        for threshold in [1, 2, line.count] {
            #expect(HistoryStore.timelineBuilds(line, tags: tags, splittingFrom: threshold) == inTurn)
        }
        #expect(try store.timeline(app: nil, channel: "main").builds == inTurn)
    }

    /// Compact JSON of a node (for the tests above).
    static func write(_ node: JSONNode) -> String {
        switch node {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let text): text
        case .string(let s): "\"" + s + "\""
        case .array(let items): "[" + items.map(write).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.keys.sorted().map { "\"\($0)\":" + write(members[$0]!) }.joined(separator: ",") + "}"
        }
    }

    /// Every folder summed from every other build's version of it (older or newer, or a
    /// file there): the same as a fresh sum.
    @Test func anyEarlierVersionGivesTheSameSum() throws {
        let scratch = try ScratchDirectory("timeline-size-pairs")
        let store = try Self.record(Self.builds(), in: scratch)
        let paths = ["MyApp.app", "MyApp.app/Res", "MyApp.app/Res/a", "MyApp.app/Frameworks"].map(BundlePath.init)
        let reference = try store.timeline(app: nil, channel: "main")
        for path in paths {
            for new in reference.builds {
                guard let object = try reference.object(at: path, in: new, area: .files) else { continue }
                let expected = try store.timeline(app: nil, channel: "main").size(of: object)
                for old in reference.builds {
                    let timeline = try store.timeline(app: nil, channel: "main")
                    let before = try timeline.object(at: path, in: old, area: .files)
                    if let before { _ = try timeline.size(of: before) }
                    #expect(try timeline.size(of: object, before: before) == expected, "\(path)")
                }
            }
        }
    }
}
