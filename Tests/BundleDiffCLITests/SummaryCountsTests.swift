import BundleModel
import BundleReading
import Comparison
import Foundation
import Reporters
import Testing
import TestSupport

/// For any comparison: each bundle's summary counts are the counts of its listed file
/// facts, and those facts (added, removed, modified, signature noise, moved away, moved
/// here) account for every path one side lacks or changed, each exactly once, whatever
/// the moves are. Checked against a path-by-path comparison written here, apart from the
/// product's.
@Suite struct SummaryCountsTests {
    static func problems(_ c: BuildComparison) -> [String] {
        var out: [String] = []
        for (b, s) in zip(c.bundles, BundleSummary.all(c)) {
            let counts = [s.filesAdded, s.filesRemoved, s.filesModified, s.filesMovedAway, s.filesMovedHere]
            let listed = [b.files.added.count, b.files.removed.count, b.files.modified.count, b.files.movedAway.count,
                          b.files.movedHere.count]
            if counts != listed { out.append("\(b.name): summary \(counts) but listed \(listed)") }
            let old = Array(b.old.map { c.oldIndex.files(of: $0) } ?? []), new = Array(b.new.map { c.newIndex.files(of: $0) } ?? [])
            out += accounted(b.name, b.files, noise: b.signatureNoise.map(\.path), old: old, oldRoot: b.old?.path,
                             new: new, newRoot: b.new?.path)
        }
        let outside: (BuildSnapshot, SnapshotIndex) -> [FileEntry] = { snapshot, index in
            snapshot.entries.filter { $0.kind != .directory && index.owner(of: $0.path) == nil }
        }
        out += accounted("(outside bundles)", c.outsideBundles, noise: [], old: outside(c.old, c.oldIndex), oldRoot: .root,
                         new: outside(c.new, c.newIndex), newRoot: .root)
        let movedAway = c.bundles.reduce(c.outsideBundles.movedAway.count) { $0 + $1.files.movedAway.count }
        let movedHere = c.bundles.reduce(c.outsideBundles.movedHere.count) { $0 + $1.files.movedHere.count }
        let moved = c.moves.reduce(0) { $0 + $1.fileCount }
        if moved != movedAway { out.append("moves cover \(moved) old file(s) but \(movedAway) are set aside as moved") }
        if (movedHere == 0) != (movedAway == 0) { out.append("moved away \(movedAway), moved here \(movedHere)") }
        return out
    }

    /// Every path only one side has, or whose file changed, is in exactly one list.
    private static func accounted(_ name: String, _ files: FileChanges, noise: [BundlePath], old: [FileEntry],
                                  oldRoot: BundlePath?, new: [FileEntry], newRoot: BundlePath?) -> [String] {
        func keyed(_ entries: [FileEntry], _ root: BundlePath?) -> [BundlePath: FileEntry] {
            var out: [BundlePath: FileEntry] = [:]
            for e in entries { if let root, let rel = e.path.relative(to: root) { out[rel] = e } }
            return out
        }
        let o = keyed(old, oldRoot), n = keyed(new, newRoot)
        let added = Set(n.keys).subtracting(o.keys), removed = Set(o.keys).subtracting(n.keys)
        let modified = Set(n.keys.filter { k in
            guard let a = o[k], let b = n[k] else { return false }
            return a.kind != b.kind || a.sha256 != b.sha256 || a.size != b.size || a.symlinkTarget != b.symlinkTarget
                || a.isExecutable != b.isExecutable
        })
        func once(_ what: String, _ paths: [BundlePath], _ root: BundlePath?, _ expected: Set<BundlePath>) -> [String] {
            let rel = paths.compactMap { p in root.flatMap { p.relative(to: $0) } }
            if rel.count == paths.count, rel.count == Set(rel).count, Set(rel) == expected { return [] }
            return ["\(name): \(what) lists \(paths.count) path(s), the builds differ by \(expected.count)"]
        }
        return once("added + moved here", (files.added + files.movedHere).map(\.path), newRoot, added)
            + once("removed + moved away", (files.removed + files.movedAway).map(\.path), oldRoot, removed)
            + once("modified + signature noise", files.modified.map(\.new.path) + noise, newRoot, modified)
    }

    static func compare(_ old: FixtureBuilder, _ new: FixtureBuilder) throws -> BuildComparison {
        let scratch = try ScratchDirectory("counts")
        func write(_ build: FixtureBuilder, _ side: String) throws -> String {
            build.topLevelNames.contains("Payload") ? try build.writeZip(to: scratch.path("\(side).ipa"))
                : try build.writeDirectory(in: scratch.path(side))
        }
        let a = try write(old, "old"), b = try write(new, "new")
        return Comparer.compare(old: try BuildReader.read(path: a), new: try BuildReader.read(path: b))
    }

    /// Builds that change in every way moves touch: moved files and folders, a nib that
    /// became a folder of the same name, a storyboard compiled anew, files into and out of
    /// nested bundles, a nested bundle replaced, an app read from an .ipa.
    static func fixturePairs() -> [(String, FixtureBuilder, FixtureBuilder)] {
        let app = FixtureBuilder.iOSApp()
        var moved = app
        moved.remove("MyApp.app/Base.lproj/Main.storyboardc")
        moved.setFile("MyApp.app/Base.lproj/Main.storyboardc/UIViewController-xyz.nib", "new nib")
        moved.setFile("MyApp.app/Base.lproj/Main.nib/runtime.nib", "runtime")
        moved.setFile("MyApp.app/Base.lproj/Main.nib/objects-13.0+.nib", "objects")
        moved.setFile("MyApp.app/Media/Assets.car", app.contents("MyApp.app/Assets.car") ?? [])
        moved.remove("MyApp.app/Assets.car")
        moved.setFile("MyApp.app/fresh.json", "{}")
        var before = app
        before.setFile("MyApp.app/Base.lproj/Main.nib", "flat nib")
        var mac = FixtureBuilder.macApp()
        mac.remove("MacApp.app/Contents/Frameworks/Kit.framework")
        mac = mac.merging(FixtureBuilder.versionedFramework(name: "Other", identifier: "com.example.other")
            .embedded(in: "MacApp.app/Contents/Frameworks"))
        mac.setFile("MacApp.app/Contents/Frameworks/Other.framework/Versions/A/Resources/moved.strings", "x = y;")
        var macBefore = FixtureBuilder.macApp()
        macBefore.setFile("MacApp.app/Contents/Resources/moved.strings", "x = y;")
        return [("iOS moves and nibs", before, moved), ("iOS reversed", moved, before),
                ("ipa against its folder", before.ipa(), moved), ("macOS nested bundle replaced", macBefore, mac),
                ("macOS reversed", mac, macBefore)]
    }

    @Test(arguments: 0..<5) func countsAddUpOnFixtures(_ i: Int) throws {
        let (name, old, new) = Self.fixturePairs()[i]
        let c = try Self.compare(old, new)
        #expect(!c.moves.isEmpty || name == "macOS reversed", "\(name): the fixture is meant to move something")
        #expect(Self.problems(c).isEmpty, "\(name): \(Self.problems(c))")
    }

    @Test func countsThatDoNotAddUpAreCaught() throws {
        let (_, old, new) = Self.fixturePairs()[0]
        var c = try Self.compare(old, new)
        let i = try #require(c.bundles.firstIndex { !$0.files.movedAway.isEmpty })
        c.bundles[i].files.movedAway.removeAll()
        #expect(!Self.problems(c).isEmpty)
    }

    /// Every real build a reader accepts, in order (build, then path): each compared with
    /// the next, so that builds of one app across years and unrelated apps side by side
    /// both run. The .xcframework set is skipped (no reader yet).
    @Test(Corpus.trait) func countsAddUpOnEveryConsecutivePairOfRealBuilds() throws {
        let root = try Corpus.path("bundles")
        var compared = 0
        for set in try FileManager.default.contentsOfDirectory(atPath: root).sorted() where !set.contains("xcframework") {
            let builds = Self.inputs(in: root + "/" + set, depth: 0).compactMap { path in
                (try? BuildReader.read(path: path)).map { (path, $0) }
            }
            for (a, b) in zip(builds, builds.dropFirst()) {
                let c = Comparer.compare(old: a.1, new: b.1)
                #expect(Self.problems(c).isEmpty, "\(a.0) → \(b.0): \(Self.problems(c))")
                compared += 1
            }
        }
        #expect(compared >= 40, "only \(compared) pairs compared")
    }

    private static let extensions = [".app", ".ipa", ".xcarchive", ".framework", ".xctest", ".bundle", ".xpc", ".zip",
                                     ".appex", ".tar"]

    private static func inputs(in directory: String, depth: Int) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        var out: [String] = []
        for name in names {
            let path = directory + "/" + name
            if extensions.contains(where: { name.hasSuffix($0) }) {
                out.append(path)
            } else if depth < 3, (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                    out += inputs(in: path, depth: depth + 1)
                }
            }
        }
        return out
    }
}
