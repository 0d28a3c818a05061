import BundleModel
import BundleReading
import Testing
import TestSupport
@testable import Comparison

/// Moves never cross a bundle's identity: a replaced nested bundle is "one removed,
/// others added", a bundle's own structure never moves, and counts add up.
@Suite struct BundleBoundaryTests {
    /// A macOS framework whose nested frameworks were replaced: `Dropped` went, three
    /// others came. Every nested framework is real versioned layout (symlinks included),
    /// with the same `en.lproj/Kit.strings` content and near-equal Info.plists.
    static func outer(nested: [String]) throws -> BuildSnapshot {
        var b = FixtureBuilder.versionedFramework(name: "Outer", identifier: "com.example.outer")
        for name in nested {
            b = b.merging(FixtureBuilder.versionedFramework(name: name, identifier: "com.example.\(name.lowercased())")
                .embedded(in: "Outer.framework/Versions/A/Frameworks"))
        }
        let scratch = try ScratchDirectory("replaced")
        return try BuildReader.read(path: try b.writeDirectory(in: scratch.path))
    }

    /// An SDK's privacy manifest moved into its resource bundle (as GoogleUtilities did)
    /// is no move between bundles: Apple reads it wherever it lies, and no code looks it up.
    @Test func aPrivacyManifestMovedIntoAResourceBundleIsNoMove() throws {
        let manifest = FixtureBuilder.plist(["NSPrivacyTracking": false])
        var old = FixtureBuilder.iOSApp(), new = FixtureBuilder.iOSApp()
        old.setFile("MyApp.app/Frameworks/Core.framework/PrivacyInfo.xcprivacy", manifest)
        new.setFile("MyApp.app/Frameworks/Core.framework/Core_Privacy.bundle/PrivacyInfo.xcprivacy", manifest)
        let scratch = try ScratchDirectory("privacy-move")
        let c = Comparer.compare(old: try BuildReader.read(path: try old.writeDirectory(in: scratch.path, named: "old") + "/MyApp.app"),
                                 new: try BuildReader.read(path: try new.writeDirectory(in: scratch.path, named: "new") + "/MyApp.app"))
        #expect(c.moves.isEmpty, "\(c.moves)")
    }

    @Test func replacedNestedFrameworksAreBundleFactsNotMoves() throws {
        let old = try Self.outer(nested: ["Dropped"])
        let new = try Self.outer(nested: ["First", "Second", "Third"])
        let c = Comparer.compare(old: old, new: new)
        #expect(c.moves.isEmpty, "\(c.moves)")
        let removed = c.bundles.filter { $0.status == .removed }
        let added = c.bundles.filter { $0.status == .added }
        #expect(removed.map(\.name) == ["com.example.dropped"])
        #expect(added.map(\.name).sorted() == ["com.example.first", "com.example.second", "com.example.third"])
        for b in removed {
            let all = c.oldIndex.files(of: try #require(b.old))
            #expect(b.files.removed.count == all.count && all.count == 6, "\(b.files)")
            #expect(b.files.movedAway.isEmpty)
            #expect(b.replacedBy == nil, "one shared strings file is no evidence of a replacement")
        }
        for b in added {
            let all = c.newIndex.files(of: try #require(b.new))
            #expect(b.files.added.count == all.count && all.count == 6, "\(b.files)")
            #expect(b.files.movedHere.isEmpty)
            #expect(b.plistChanges.isEmpty, "an added bundle's Info.plist is not a changed one: \(b.plistChanges)")
        }
    }

    @Test func aBundleHoldingTheOldOnesResourcesReplacedIt() {
        let old = TestBuild().bundle("A.app/PlugIns/Old.appex", kind: .appex, id: "com.example.old")
            .bundle("A.app/Frameworks/Other.framework", kind: .framework, id: "com.example.other")
            .files(["A.app/PlugIns/Old.appex/Old": "binary-old", "A.app/PlugIns/Old.appex/Info.plist": "<plist>old</plist>",
                    "A.app/PlugIns/Old.appex/a.png": "aaaa", "A.app/PlugIns/Old.appex/b.png": "bbbb",
                    "A.app/PlugIns/Old.appex/c.png": "cccc", "A.app/Frameworks/Other.framework/x": "xxxx"])
        let new = TestBuild().bundle("A.app/PlugIns/New.appex", kind: .appex, id: "com.example.new")
            .bundle("A.app/PlugIns/Side.appex", kind: .appex, id: "com.example.side")
            .bundle("A.app/Frameworks/Other.framework", kind: .framework, id: "com.example.other")
            .files(["A.app/PlugIns/New.appex/New": "binary-new", "A.app/PlugIns/New.appex/Info.plist": "<plist>new</plist>",
                    "A.app/PlugIns/New.appex/img/a.png": "aaaa", "A.app/PlugIns/New.appex/img/b.png": "bbbb",
                    "A.app/PlugIns/Side.appex/c.png": "cccc", "A.app/PlugIns/Side.appex/Side": "side",
                    "A.app/Frameworks/Other.framework/x": "xxxx"])
        let c = TestBuild.compare(old, new)
        #expect(c.moves.isEmpty, "\(c.moves)")
        #expect(c.bundles.first { $0.name == "com.example.old" }?.replacedBy == "com.example.new")
        #expect(c.bundles.first { $0.name == "com.example.new" }?.replaces == "com.example.old")
        #expect(c.bundles.first { $0.name == "com.example.side" }?.replaces == nil)
        #expect(c.bundles.first { $0.name == "com.example.old" }?.files.removed.count == 5)
    }

    @Test func structureOfABundleNeverMovesEvenBetweenMatchedBundles() {
        let base = TestBuild().bundle("A.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core")
            .bundle("A.app/Frameworks/UI.framework", kind: .framework, id: "com.example.ui")
        let old = base.files(["A.app/Frameworks/Core.framework/Headers/Shared.h": "#import <Foundation/Foundation.h>",
                              "A.app/Frameworks/Core.framework/Modules/module.modulemap": "framework module Core {}",
                              "A.app/Frameworks/Core.framework/Info.plist": "<plist>core</plist>",
                              "A.app/Frameworks/UI.framework/Info.plist": "<plist>ui</plist>"])
        let new = base.files(["A.app/Frameworks/UI.framework/Headers/Shared.h": "#import <Foundation/Foundation.h>",
                              "A.app/Frameworks/UI.framework/Modules/module.modulemap": "framework module Core {}",
                              "A.app/Frameworks/Core.framework/Info.plist": "<plist>core</plist>",
                              "A.app/Frameworks/UI.framework/Info.plist": "<plist>ui</plist>"])
        let c = TestBuild.compare(old, new)
        #expect(c.moves.isEmpty, "\(c.moves)")
        let core = c.bundles.first { $0.name == "com.example.core" }
        #expect(core?.files.removed.count == 2)
        #expect(c.bundles.first { $0.name == "com.example.ui" }?.files.added.count == 2)
    }

    @Test func resourcesStillMoveIntoAnAddedBundle() {
        let old = TestBuild().files(["A.app/Colors.json": "{tint}", "A.app/Info.plist": "<plist>app</plist>"])
        let new = TestBuild().bundle("A.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core")
            .files(["A.app/Frameworks/Core.framework/Colors.json": "{tint}", "A.app/Info.plist": "<plist>app</plist>",
                    "A.app/Frameworks/Core.framework/Info.plist": "<plist>app</plist>"])
        let c = TestBuild.compare(old, new)
        #expect(c.moves.map(\.from) == [BundlePath("A.app/Colors.json")])
        #expect(c.moves.first?.toBundle == "com.example.core")
        let core = c.bundles.first { $0.name == "com.example.core" }
        #expect(core?.files.added.map(\.path) == [BundlePath("A.app/Frameworks/Core.framework/Info.plist")])
        #expect(core?.files.movedHere.map(\.path) == [BundlePath("A.app/Frameworks/Core.framework/Colors.json")])
    }

    @Test func fileThatBecameAFolderAtItsOwnPathIsAddedAndRemovedNotMoved() {
        let c = TestBuild.compare(
            TestBuild().files(["A.app/Base.lproj/Main.nib": "flat nib", "A.app/K": "k"]),
            TestBuild().files(["A.app/Base.lproj/Main.nib/objects-13.0+.nib": "objects",
                               "A.app/Base.lproj/Main.nib/runtime.nib": "runtime", "A.app/K": "k"]))
        #expect(c.moves.isEmpty, "\(c.moves)")
        #expect(c.mainBundle?.files.removed.map(\.path) == [BundlePath("A.app/Base.lproj/Main.nib")])
        #expect(c.mainBundle?.files.added.count == 2)
    }

    @Test func oneCompiledStoryboardsInfoPlistIsNotAnothers() {
        let c = TestBuild.compare(
            TestBuild().files(["A.app/Base.lproj/Main.storyboardc/Info.plist": "<plist>main-1</plist>",
                               "A.app/en.lproj/Help.storyboardc/Info.plist": "<plist>help-1</plist>", "A.app/K": "k"]),
            TestBuild().files(["A.app/Base.lproj/Onboarding.storyboardc/Info.plist": "<plist>onboard</plist>",
                               "A.app/Base.lproj/Help.storyboardc/Info.plist": "<plist>help-2</plist>", "A.app/K": "k"]))
        #expect(c.moves.map { c.fromInBundle($0) } == [BundlePath("en.lproj/Help.storyboardc/Info.plist")], "\(c.moves)")
        #expect(c.mainBundle?.files.removed.map(\.path) == [BundlePath("A.app/Base.lproj/Main.storyboardc/Info.plist")])
    }

    @Test func outsideFilesDoNotPairWithBundleFiles() {
        let c = TestBuild.compare(TestBuild().files(["A.app/notes.txt": "release notes", "A.app/K": "k"]),
                                  TestBuild().files(["Metadata/notes.txt": "release notes", "A.app/K": "k"]))
        #expect(c.moves.isEmpty, "\(c.moves)")
        #expect(c.outsideBundles.added.map(\.path) == [BundlePath("Metadata/notes.txt")])
    }

    @Test func movePathsAreRelativeToTheirBundleOnBothSides() {
        let old = TestBuild(app: "Payload/A.app").files(["Payload/A.app/Sounds/a.aiff": "aaaa",
                                                         "Payload/A.app/Sounds/b.aiff": "bbbb",
                                                         "Payload/A.app/Help.html": "help", "Payload/A.app/gone": "x"])
        let new = TestBuild().files(["A.app/Audio/a.aiff": "aaaa", "A.app/Audio/b.aiff": "bbbb",
                                     "A.app/Doc/Help.html": "help"])
        let c = TestBuild.compare(old, new)
        #expect(c.moves.map { c.fromInBundle($0) } == [BundlePath("Help.html"), BundlePath("Sounds")])
        #expect(c.moves.map { c.toInBundle($0) } == [[BundlePath("Doc/Help.html")], [BundlePath("Audio")]])
        #expect(c.mainBundle?.files.removed.map(\.path) == [BundlePath("Payload/A.app/gone")])
    }
}
