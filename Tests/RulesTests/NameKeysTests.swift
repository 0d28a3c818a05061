import BundleModel
@testable import Comparison
import Testing
import TestSupport
@testable import Rules

/// The check rules that look for names across the build take the candidates of the
/// index's name keys (`NameKeys`): every name their `String` test accepts must be among
/// them, whatever its case or script; the rule's test still decides.
@Suite struct NameKeysTests {
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

    @Test func everyNameTheStringTestsAcceptIsACandidate() {
        let fixed = ["a.png", "A.PNG", "é.png", "x.pnG", "y.pngx", "ᵖng", ".png", "png", "b.p.png", "PrivacyInfo.xcprivacy",
                     "privacyinfo.XCPRIVACY", "PrivacyInfo.xcprivacy.bak", "__MACOSX", "__macosx", "._a", "._", "a._b",
                     "lib.DyLiB", "x.dSYM", "q.a", "Q.O", "a.o.txt", "e\u{301}.png", "embedded.mobileprovision"]
        // Random names over a small alphabet, so that endings and dots meet often.
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aAoOpPnNgG._xé".unicodeScalars)
        let random = (0..<2_000).map { _ in
            String(String.UnicodeScalarView((0..<Int.random(in: 1...7, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)! }))
        }
        let names = fixed + random
        let entries = names.enumerated().map { i, name in FileEntry(path: BundlePath("d\(i)/" + name), kind: .file) }
            .sorted { $0.path < $1.path }
        let keys = NameKeys(EntryList(entries))
        let queries: [(names: [String], appleDouble: Bool, test: (String) -> Bool)] = [
            ([".png"], false, { $0.lowercased().hasSuffix(".png") }),
            ([".dsym", ".dylib", ".a", ".o"], false, { n in [".dsym", ".dylib", ".a", ".o"].contains { n.lowercased().hasSuffix($0) } }),
            ([".dylib"], false, { $0.hasSuffix(".dylib") }),
            (["PrivacyInfo.xcprivacy"], false, { $0 == "PrivacyInfo.xcprivacy" }),
            (["__MACOSX"], true, { $0 == "__MACOSX" || ($0.hasPrefix("._") && $0.count > 2) }),
        ]
        for query in queries {
            let candidates = Set(keys.candidates(query.names, appleDouble: query.appleDouble))
            for (i, entry) in entries.enumerated() where query.test(entry.path.nameString) {
                #expect(candidates.contains(i), "\(entry.path.nameString) for \(query.names)")
            }
            // The first look narrows: most names are not candidates.
            #expect(candidates.count < entries.count / 2, "\(query.names)")
        }
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

    /// The second build of a comparison takes the first build's keys for the entries the
    /// two share (`NameKeys.init(_:over:keys:)`): the same keys as reading every name.
    @Test func anOverlayTakesTheKeysOfTheEntriesItShares() throws {
        let names = ["a.png", "b.dylib", "c/._d", "c/e.o", "f/PrivacyInfo.xcprivacy", "g/h.txt", "é.png"]
        let base = names.map { FileEntry(path: BundlePath($0), kind: .file) }.sorted { $0.path < $1.path }
        let extra = [FileEntry(path: BundlePath("c/new.DYLIB"), kind: .file), FileEntry(path: BundlePath("z/__MACOSX"), kind: .file)]
        // base[0], base[1], then c/._d and c/e.o from base, c/new.DYLIB of its own, …
        var positions: [Int32] = [0, 1, 2, 3, ~0]
        positions += (4..<base.count).map(Int32.init)
        positions.append(~1)
        let overlay = EntryList(base: base, extra: extra, positions: positions)
        let baseList = EntryList(base)
        #expect(overlay.positions(over: baseList) == positions)
        let taken = try #require(NameKeys(overlay, over: baseList, keys: NameKeys(baseList)))
        #expect(taken.keys == NameKeys(overlay).keys)
        // A list over another array (the same entries, copied) shares nothing with it.
        let copied = EntryList(base.map { $0 })
        #expect(overlay.positions(over: copied) == nil)
        #expect(NameKeys(overlay, over: copied, keys: NameKeys(copied)) == nil)
        #expect(baseList.positions(over: baseList) == nil)
    }

    /// A recorded build's keys are kept in its facts by the first command that makes them,
    /// and what is kept stands for the work in the next (a kept key that marks every name
    /// as a candidate makes every entry one); kept bytes of the wrong size are made again.
    @Test func keysAreKeptInABuildsFactsAndReadBack() throws {
        var snapshot = ExampleBuild().bundle("Example.app", id: "com.example.app")
            .file("Example.app/a.png", "x").file("Example.app/b.txt", "y").snapshot()
        let sorted = snapshot.entries.sortedByPath
        let made = NameKeys(sorted)
        #expect(NameKeys(encoded: made.encoded, count: sorted.count)?.keys == made.keys)
        #expect(NameKeys(encoded: made.encoded, count: sorted.count + 1) == nil)
        // No facts (a build read from disk): made, nothing to keep.
        #expect(SnapshotIndex(snapshot).entries(mayBeNamed: ["a.png"]).map(\.path) == [BundlePath("Example.app/a.png")])
        let facts = MemoryFacts()
        snapshot.facts = facts
        #expect(SnapshotIndex(snapshot).entries(mayBeNamed: ["a.png"]).map(\.path) == [BundlePath("Example.app/a.png")])
        #expect(facts.names == [NameKeys.factsName] && facts.bytes(named: NameKeys.factsName) == made.encoded)
        let everyName = NameKeys(encoded: [UInt8](repeating: 1, count: sorted.count * 4), count: sorted.count)!
        facts.keep(everyName.encoded, named: NameKeys.factsName)
        #expect(SnapshotIndex(snapshot).entries(mayBeNamed: ["zzz"]).count == sorted.count)
        facts.keep([1, 2, 3], named: NameKeys.factsName)
        #expect(SnapshotIndex(snapshot).entries(mayBeNamed: ["zzz"]).isEmpty)
        #expect(facts.bytes(named: NameKeys.factsName) == made.encoded)
        // The second build of a comparison keeps its keys too, taken over the first's.
        var new = ExampleBuild().bundle("Example.app", id: "com.example.app")
            .file("Example.app/a.png", "x").file("Example.app/c.dylib", "z").snapshot()
        let newFacts = MemoryFacts()
        new.facts = newFacts
        SnapshotIndex(new).prepareNameKeys(after: SnapshotIndex(snapshot))
        #expect(newFacts.bytes(named: NameKeys.factsName) == NameKeys(new.entries.sortedByPath).encoded)
    }

    /// A path's key is its name's: the key of an entry, read back from the end of its path,
    /// is the key the rules' names and endings are given.
    @Test func aPathsKeyIsItsNamesKey() {
        let names = ["a.png", "Info.plist", "._x", "é.PNG", "noext", ".dotfile", "a.b.c", "x", "_", "._"]
        for name in names {
            for folder in ["", "Example.app/", "Example.app/Sub.bundle/", "é/ü.lproj/"] {
                let entries = EntryList([FileEntry(path: BundlePath(folder + name), kind: .file)])
                #expect(NameKeys(entries).keys == [NameKeys.key(Array(name.utf8)[...])], "\(folder)\(name)")
            }
        }
    }
}
