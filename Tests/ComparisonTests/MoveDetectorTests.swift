import BundleModel
import Testing
@testable import Comparison

@Suite struct MoveDetectorTests {
    let app = "com.example.app"

    @Test func sameContentAtANewPathIsAnExactMove() {
        let c = TestBuild.compare(TestBuild().files(["A.app/Water.aiff": "splash", "A.app/Keep.txt": "keep"]),
                                  TestBuild().files(["A.app/Audio/Water.aiff": "splash", "A.app/Keep.txt": "keep"]))
        #expect(c.moves == [ResourceMove(kind: .exact, from: BundlePath("A.app/Water.aiff"),
                                         to: [BundlePath("A.app/Audio/Water.aiff")], fromBundle: app, toBundle: app)])
        #expect(c.mainBundle?.files.added.isEmpty == true)
        #expect(c.mainBundle?.files.removed.isEmpty == true)
        #expect(c.mainBundle?.files.movedAway.map(\.path) == [BundlePath("A.app/Water.aiff")])
        #expect(c.mainBundle?.files.movedHere.map(\.path) == [BundlePath("A.app/Audio/Water.aiff")])
    }

    @Test func folderMovedIntoAnotherFolderIsOneMove() {
        let old = TestBuild().files(["A.app/Sounds/a.aiff": "aaaa", "A.app/Sounds/b.aiff": "bbbb",
                                     "A.app/Sounds/c.aiff": "cccc", "A.app/Keep.txt": "keep"])
        let new = TestBuild().files(["A.app/Media/Sounds/a.aiff": "aaaa", "A.app/Media/Sounds/b.aiff": "bbbb",
                                     "A.app/Media/Sounds/c.aiff": "cccc", "A.app/Keep.txt": "keep"])
        let c = TestBuild.compare(old, new)
        #expect(c.moves == [ResourceMove(kind: .folder, from: BundlePath("A.app/Sounds"),
                                         to: [BundlePath("A.app/Media/Sounds")], fileCount: 3,
                                         fromBundle: app, toBundle: app)])
    }

    @Test func folderRenamedIsOneMoveEvenWithAChangedFile() {
        let old = TestBuild().files(["A.app/Sounds/a.aiff": "aaaa", "A.app/Sounds/b.aiff": "bbbbbbbbbb", "A.app/K": "k"])
        let new = TestBuild().files(["A.app/Audio/a.aiff": "aaaa", "A.app/Audio/b.aiff": "bbbbbbbbbX", "A.app/K": "k"])
        let c = TestBuild.compare(old, new)
        #expect(c.moves.count == 1)
        #expect(c.moves.first?.kind == .folder)
        #expect(c.moves.first?.from == BundlePath("A.app/Sounds"))
        #expect(c.moves.first?.to == [BundlePath("A.app/Audio")])
        #expect(c.moves.first?.contentChanged == true)
    }

    @Test func partlyMovedFolderStaysFileByFile() {
        let old = TestBuild().files(["A.app/Sounds/a.aiff": "aaaa", "A.app/Sounds/b.aiff": "bbbb", "A.app/Sounds/c.aiff": "cccc"])
        let new = TestBuild().files(["A.app/Audio/a.aiff": "aaaa", "A.app/Audio/b.aiff": "bbbb", "A.app/Sounds/c.aiff": "cccc"])
        let c = TestBuild.compare(old, new)
        #expect(c.moves.map(\.kind) == [.exact, .exact])
        #expect(c.moves.map(\.from) == [BundlePath("A.app/Sounds/a.aiff"), BundlePath("A.app/Sounds/b.aiff")])
    }

    @Test func caseOnlyRenameOfAFile() {
        let c = TestBuild.compare(TestBuild().files(["A.app/Icon.PNG": "png"]), TestBuild().files(["A.app/icon.png": "png"]))
        #expect(c.moves == [ResourceMove(kind: .caseOnly, from: BundlePath("A.app/Icon.PNG"),
                                         to: [BundlePath("A.app/icon.png")], fromBundle: app, toBundle: app)])
    }

    @Test func caseOnlyRenameOfAFolderIsOneMove() {
        let c = TestBuild.compare(TestBuild().files(["A.app/Images/a.png": "aa", "A.app/Images/b.png": "bb"]),
                                  TestBuild().files(["A.app/images/a.png": "aa", "A.app/images/b.png": "bb"]))
        #expect(c.moves == [ResourceMove(kind: .folder, from: BundlePath("A.app/Images"), to: [BundlePath("A.app/images")],
                                         fileCount: 2, fromBundle: app, toBundle: app)])
    }

    @Test func intoOutOfAndBetweenLocalizations() {
        let old = TestBuild().files(["A.app/Terms.html": "terms", "A.app/fr.lproj/Help.html": "aide",
                                     "A.app/en.lproj/Main.nib": "nib-bytes", "A.app/en.lproj/Keep.strings": "k"])
        let new = TestBuild().files(["A.app/en.lproj/Terms.html": "terms", "A.app/Help.html": "aide",
                                     "A.app/Base.lproj/Main.nib": "nib-bytes", "A.app/en.lproj/Keep.strings": "k"])
        let c = TestBuild.compare(old, new)
        let byFrom = Dictionary(uniqueKeysWithValues: c.moves.map { ($0.from.description, $0.localization) })
        #expect(byFrom["A.app/Terms.html"] == .some(.intoLocalization("en")))
        #expect(byFrom["A.app/fr.lproj/Help.html"] == .some(.outOfLocalization("fr")))
        #expect(byFrom["A.app/en.lproj/Main.nib"] == .some(.betweenLocalizations(from: "en", to: "Base")))
        #expect(c.moves.count == 3)
    }

    /// Content too small or too common to tell where a file came from is no move: `{}`, a
    /// newline, and one placeholder image several features dropped and others added.
    @Test func genericContentIsNoEvidence() {
        let png = "PNG-1x1-placeholder"
        let c = TestBuild.compare(
            TestBuild().files(["A.app/Onboarding/state.json": "{}", "A.app/Cache/.keep": "\n", "A.app/Keep.txt": "keep",
                               "A.app/News/thumb_placeholder.png": png, "A.app/Profile/avatar_placeholder.png": png,
                               "A.app/Feed/card_placeholder.png": png]),
            TestBuild().files(["A.app/Wallet/passes.json": "{}", "A.app/Downloads/.keep": "\n", "A.app/Keep.txt": "keep",
                               "A.app/Chat/bubble_placeholder.png": png, "A.app/Maps/pin_placeholder.png": png]))
        #expect(c.moves.isEmpty, "\(c.moves)")
    }

    /// A file name alone is shared by unrelated files: another feature's `background.jpg`
    /// of another size, another language's `Localizable.strings`, Finder's `.DS_Store`, and
    /// the insides of a compiled storyboard both builds have are no moves.
    @Test func aSharedNameIsNoMove() {
        let c = TestBuild.compare(
            TestBuild().files(["A.app/Onboarding/background.jpg": String(repeating: "o", count: 40),
                               "A.app/de.lproj/Localizable.strings": "\"hello\" = \"Hallo\";",
                               "A.app/Images/.DS_Store": "finder-state", "A.app/Keep.txt": "keep",
                               "A.app/Base.lproj/Main.storyboardc/UIViewController-BYZ.nib": "compiled-view"]),
            TestBuild().files(["A.app/Paywall/background.jpg": String(repeating: "p", count: 52),
                               "A.app/es.lproj/Localizable.strings": "\"hello\" = \"Hola\";",
                               "A.app/Media/.DS_Store": "finder-state", "A.app/Keep.txt": "keep",
                               "A.app/Base.lproj/Main.storyboardc/BYZ-view.nib": "compiled-view"]))
        #expect(c.moves.isEmpty, "\(c.moves)")
    }

    @Test func betweenBundles() {
        let base = TestBuild().bundle("A.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core")
        let c = TestBuild.compare(base.files(["A.app/Colors.json": "{tint}"]),
                                  base.files(["A.app/Frameworks/Core.framework/Colors.json": "{tint}"]))
        #expect(c.moves.count == 1)
        #expect(c.moves.first?.fromBundle == app)
        #expect(c.moves.first?.toBundle == "com.example.core")
        #expect(c.moves.first?.crossesBundles == true)
    }

    @Test func oneContentAtSeveralPaths() {
        let c = TestBuild.compare(TestBuild().files(["A.app/logo.png": "LOGO"]),
                                  TestBuild().files(["A.app/x/logo.png": "LOGO", "A.app/y/logo.png": "LOGO"]))
        #expect(c.moves == [ResourceMove(kind: .oneToMany, from: BundlePath("A.app/logo.png"),
                                         to: [BundlePath("A.app/x/logo.png"), BundlePath("A.app/y/logo.png")],
                                         fromBundle: app, toBundle: app)])
    }

    /// A folder renamed (`cmake-3.20/` → `cmake-3.21/`) while a new file of other name holds
    /// the same bytes as one of its files: the file moved with its folder, the other copy
    /// is an added file.
    @Test func aCopyKeepingItsNameIsWhereTheFileWent() {
        let old = ["A.app/v1/sub/a.txt": "alpha-content", "A.app/v1/sub/b.txt": "bravo-content",
                   "A.app/v1/sub/c.txt": "charlie-content", "A.app/v1/sub/p.txt": "include(Other)"]
        var new = Dictionary(uniqueKeysWithValues: old.map { ($0.key.replacingOccurrences(of: "/v1/", with: "/v2/"), $0.value) })
        new["A.app/v2/sub/q.txt"] = "include(Other)"
        let c = TestBuild.compare(TestBuild().files(old), TestBuild().files(new))
        #expect(c.moves == [ResourceMove(kind: .folder, from: BundlePath("A.app/v1"), to: [BundlePath("A.app/v2")],
                                         fileCount: 4, fromBundle: app, toBundle: app)], "\(c.moves)")
    }

    /// A folder split in two (CMake's `cmake-3.17/` → `cmake-3.18/` and its completions to
    /// `bash-completion/`): each folder move knows how many files the old folder held.
    @Test func aSplitFolderCountsWhatItHeld() {
        let old = ["A.app/v1/a.txt": "alpha-content", "A.app/v1/b.txt": "bravo-content", "A.app/v1/c.txt": "charlie-content",
                   "A.app/v1/k/x.txt": "x-ray-content", "A.app/v1/k/y.txt": "yankee-content"]
        let new = ["A.app/v2/a.txt": "alpha-content", "A.app/v2/b.txt": "bravo-content", "A.app/v2/c.txt": "charlie-content",
                   "A.app/bc/k/x.txt": "x-ray-content", "A.app/bc/k/y.txt": "yankee-content"]
        let c = TestBuild.compare(TestBuild().files(old), TestBuild().files(new))
        #expect(c.moves.map { [$0.fileCount, $0.folderFileCount] }.sorted { $0[0] < $1[0] } == [[2, 5], [3, 5]], "\(c.moves)")
    }

    /// Python package metadata renamed with each version, whose boilerplate `WHEEL` files
    /// share their bytes across packages: no move (the interpreter scans for it).
    @Test func pythonPackageMetadataDoesNotMove() {
        let old = ["A.app/app_packages/alpha-1.0.dist-info/WHEEL": "Wheel-Version: 1.0 X",
                   "A.app/app_packages/alpha-1.0.dist-info/METADATA": "Name: alpha 1.0",
                   "A.app/app_packages/beta-1.0.dist-info/WHEEL": "Wheel-Version: 1.0 Y"]
        let new = ["A.app/app_packages/alpha-1.1.dist-info/WHEEL": "Wheel-Version: 1.0 Y",
                   "A.app/app_packages/alpha-1.1.dist-info/METADATA": "Name: alpha 1.1",
                   "A.app/app_packages/beta-1.1.dist-info/WHEEL": "Wheel-Version: 1.0 Z"]
        #expect(TestBuild.compare(TestBuild().files(old), TestBuild().files(new)).moves.isEmpty)
    }

    /// Python modules moved by their package (numpy's `core/` → `_core/`, in py2app's
    /// `lib/python3.11/` or a PyInstaller package folder): found by import, no move. A script
    /// moved outside any Python tree still is one.
    @Test func pythonPackagesDoNotMove() {
        let old = ["A.app/lib/python3.11/numpy/__init__.py": "init", "A.app/lib/python3.11/numpy/core/_exceptions.py": "exceptions",
                   "A.app/Resources/pkg/__init__.py": "init", "A.app/Resources/pkg/core/data.csv": "1,2,3,4",
                   "A.app/Resources/stubs/core/a.pyi": "def f(): ...", "A.app/Scripts/tool.py": "print('tool')",
                   "A.app/Frameworks/x.cpython-313-iphoneos.fwork": "Frameworks/x.framework/x",
                   "A.app/Res/numpy/__init__.pyi": "stub", "A.app/Res/numpy/core/include/a.h": "int a(void);"]
        let new = ["A.app/lib/python3.11/numpy/__init__.py": "init", "A.app/lib/python3.11/numpy/_core/_exceptions.py": "exceptions",
                   "A.app/Resources/pkg/__init__.py": "init", "A.app/Resources/pkg/_core/data.csv": "1,2,3,4",
                   "A.app/Resources/stubs/_core/a.pyi": "def f(): ...", "A.app/Tools/tool.py": "print('tool')",
                   "A.app/Frameworks/x.cpython-313-iphonesimulator.fwork": "Frameworks/x.framework/x",
                   "A.app/Res/numpy/__init__.pyi": "stub", "A.app/Res/numpy/_core/include/a.h": "int a(void);"]
        let moves = TestBuild.compare(TestBuild().files(old), TestBuild().files(new)).moves
        #expect(moves.map(\.from) == [BundlePath("A.app/Scripts/tool.py")], "\(moves)")
    }

    @Test func signatureFilesOfAReplacedExtensionAreNotMoves() {
        let old = TestBuild().bundle("A.app/PlugIns/Old.appex", kind: .appex, id: "com.example.old").files([
            "A.app/PlugIns/Old.appex/_CodeSignature/CodeResources": "seal-old",
            "A.app/PlugIns/Old.appex/Old": "binary-old", "A.app/_CodeSignature/CodeResources": "seal-1",
        ])
        let new = TestBuild().bundle("A.app/PlugIns/New.appex", kind: .appex, id: "com.example.new").files([
            "A.app/PlugIns/New.appex/_CodeSignature/CodeResources": "seal-new",
            "A.app/PlugIns/New.appex/New": "binary-new", "A.app/_CodeSignature/CodeResources": "seal-2",
        ])
        let c = TestBuild.compare(old, new)
        #expect(!c.moves.contains { $0.from.description.contains("_CodeSignature") })
        #expect(c.moves.isEmpty)
    }

    @Test func unrelatedAddAndRemoveIsNoMove() {
        let c = TestBuild.compare(TestBuild().files(["A.app/old.txt": "one"]),
                                  TestBuild().files(["A.app/other.dat": "something else entirely"]))
        #expect(c.moves.isEmpty)
        #expect(c.mainBundle?.files.added.map(\.path) == [BundlePath("A.app/other.dat")])
        #expect(c.mainBundle?.files.removed.map(\.path) == [BundlePath("A.app/old.txt")])
    }

    @Test func folderPairsListEveryLevelTheMoveShares() {
        let pairs = MoveAggregator.folderPairs(BundlePath("A.app/Sounds/a.aiff"), BundlePath("A.app/Media/Sounds/a.aiff"))
        #expect(pairs == [MoveAggregator.FolderPair(from: BundlePath("A.app/Sounds"), to: BundlePath("A.app/Media/Sounds")),
                          MoveAggregator.FolderPair(from: BundlePath("A.app"), to: BundlePath("A.app/Media"))])
    }
}
