import BundleModel
import Comparison
import Testing
@testable import Rules

/// The localization matrix reports draw: tables × languages, missing keys, new gaps.
@Suite struct LocalizationMatrixTests {
    static let old = L10nExamples.app(tables: [
        ("en.lproj/Localizable.strings", [("a", "A"), ("b", "B")]),
        ("fr.lproj/Localizable.strings", [("a", "A fr")]),
        ("de.lproj/Localizable.strings", [("a", "A de"), ("b", "B de")]),
    ])
    static let new = L10nExamples.app(tables: [
        ("en.lproj/Localizable.strings", [("a", "A"), ("b", "B"), ("c", "C")]),
        ("en.lproj/Settings.strings", [("s", "S")]),
        ("fr.lproj/Localizable.strings", [("a", "A fr")]),
        ("de.lproj/Localizable.strings", [("a", "A de"), ("b", "B de"), ("c", "C de")]),
        ("ko.lproj/Settings.strings", [("s", "S ko")]),
    ])

    static func matrices() -> [LocalizationMatrix.Change] {
        LocalizationMatrix.of(Comparer.compare(old: old.snapshot(), new: new.snapshot()), configuration: .init())
    }

    @Test func cellsCountKeysAndListMissingOnes() throws {
        let change = try #require(Self.matrices().first)
        let new = try #require(change.new)
        #expect(new.tables.map(\.name) == ["Localizable.strings", "Settings.strings"])
        #expect(new.languages == ["de", "en", "fr", "ko"])
        let table = new.tables[0]
        #expect(table.reference == "en" && table.referenceKeys == 3)
        #expect(new.cell(table: "Localizable.strings", language: "fr") == .init(language: "fr", keys: 1, missing: ["b", "c"]))
        #expect(new.cell(table: "Localizable.strings", language: "de")?.missing == [])
        // ko has no Localizable.strings: absent, every reference key missing.
        #expect(new.cell(table: "Localizable.strings", language: "ko") == .init(language: "ko", keys: nil, missing: ["a", "b", "c"]))
    }

    @Test func newGapsAreThoseThisBuildOpened() throws {
        let change = try #require(Self.matrices().first)
        #expect(change.newGaps(table: "Localizable.strings", language: "fr") == ["c"], "b was already missing")
        #expect(change.newGaps(table: "Localizable.strings", language: "de") == [])
        #expect(change.newGaps(table: "Settings.strings", language: "fr") == ["s"], "a new table counts as new gaps")
        #expect(change.newGaps(table: "Localizable.strings", language: "ko") == ["a", "b", "c"])
    }

    @Test func bundlesWithoutTablesAreLeftOut() {
        let plain = ExampleBuild().bundle("Example.app", id: "com.example.app", version: "1").file("Example.app/x")
        #expect(LocalizationMatrix.of(Comparer.compare(old: plain.snapshot(), new: plain.snapshot()),
                                      configuration: .init()).isEmpty)
    }
}
