import BundleModel
import Comparison
import Testing
@testable import Rules

/// The check rules pass over every file with a byte look at its name first
/// (`NameBytes`): ASCII names are decided by their bytes, ignoring case where the rule
/// does, and every other name still by the rule's `String` test.
@Suite struct NameBytesTests {
    private func subjects(_ rule: RuleID, _ files: [String]) -> [String] {
        var build = ExampleBuild().bundle("Example.app", id: "com.example.app")
        for f in files { build = build.file("Example.app/" + f, "x") }
        let snapshot = build.snapshot()
        return RuleEngine.run(old: snapshot, new: snapshot, only: [rule]).flatMap(\.paths).map {
            $0.relative(to: BundlePath("Example.app"))?.description ?? $0.description
        }.sorted()
    }

    @Test func asciiNamesAreMatchedAsBytesIgnoringCase() {
        #expect(subjects(.strayBinary, ["libA.DYLIB", "b.O", "c.a", "libswiftCore.dylib", "d.dylibx", "e.txt"])
            == ["b.O", "c.a", "libA.DYLIB"])
        #expect(subjects(.disallowedPath, ["._a", "._", "__MACOSX/x", "a._b", "__macosx"]) == ["._a", "__MACOSX"])
    }

    @Test func nonASCIINamesKeepTheStringTests() {
        // `é` precomposed and decomposed, Unicode capitals that lowercase to ASCII letters,
        // a combining mark on the last letter (a different character: no match).
        #expect(subjects(.strayBinary, ["libé.dylib", "libe\u{301}.dylib", "x.DYL\u{130}B", "y.dyli\u{0062}\u{301}"])
            == ["libe\u{301}.dylib", "libé.dylib"])
        #expect(subjects(.disallowedPath, ["._é", "._\u{301}x", "é/._z"]) == ["._é", "é/._z"])
    }

    @Test func theByteLookSkipsOnlyWhatTheStringTestWouldRefuse() {
        let names = ["a.png", "A.PNG", "é.png", "x.pnG", "y.pngx", "ᵖng", ".png", "png"]
        let png = Array(".png".utf8)
        for name in names {
            let path = BundlePath("Example.app/" + name)
            let byString = name.lowercased().hasSuffix(".png")
            #expect(!byString || NameBytes.mayPass(path) { NameBytes.hasSuffix($0, lowercased: png) }, "\(name)")
        }
        #expect(!NameBytes.mayPass(BundlePath("a/b.txt")) { NameBytes.hasSuffix($0, lowercased: png) })
        #expect(NameBytes.mayPass(BundlePath("a/é.txt")) { _ in false }, "a non-ASCII name goes on to the String test")
        #expect(NameBytes.mayPass(BundlePath("é/b.png")) { NameBytes.hasSuffix($0, lowercased: png) })
    }

    @Test func localizedFilesAreFoundPastTheByteLook() {
        func folder(_ path: String) -> BundlePath? {
            SnapshotIndex.localizationFolder(of: BundlePath(path), in: BundlePath("A.app"))
        }
        #expect(folder("A.app/fr.lproj/a.strings") == BundlePath("A.app/fr.lproj"))
        #expect(folder("A.app/Sub/fr.lproj/x.storyboardc/y.nib") == BundlePath("A.app/Sub/fr.lproj"))
        #expect(folder("A.app/en.lproj/x.lproj/y") == BundlePath("A.app/en.lproj"), "the outermost one")
        #expect(folder("A.app/fr.lproj") == nil, "the folder itself holds no file")
        #expect(folder("A.app/Resources/a.lprojx/b") == nil)
        #expect(folder("B.app/fr.lproj/a.strings") == nil, "outside the bundle")
        // The parity rules still see the files of every `.lproj` folder, nested ones included.
        let build = L10nExamples.app(tables: [
            ("en.lproj/Localizable.strings", [("hello", "Hello"), ("bye", "Bye")]),
            ("fr.lproj/Localizable.strings", [("hello", "Bonjour")]),
            ("Sub/en.lproj/More.strings", [("a", "A")]),
            ("Sub/fr.lproj/More.strings", [("b", "B")]),
        ]).snapshot()
        let keys = RuleEngine.run(old: build, new: build, only: [.stringKeysDiffer])
        #expect(Set(keys.flatMap(\.paths).map(\.nameString)) == ["Localizable.strings", "More.strings"])
    }
}
