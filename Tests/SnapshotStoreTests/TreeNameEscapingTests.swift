@testable import SnapshotStore
import Testing

/// Regressions found by Fuzz/NamesFuzz.swift, and the round-trip it checks.
@Suite struct TreeNameEscapingTests {
    /// `%2F` and `%2f` both unescaped to `/`: one file could be spelled two ways in a
    /// hand-edited tree. Only the lowercase spelling `escape` writes is read back.
    @Test(arguments: ["%2F", "%2E", "%2e2E", "%2E2e", "%25Ab"])
    func uppercaseHexIsRefused(_ stored: String) {
        #expect(TreeNameEscaping.unescape(Array(stored.utf8)) == nil)
    }

    @Test(arguments: ["%2f", "%2e", "%2e2e", "%25ab", "%", "%2e676974"])
    func lowercaseHexIsRead(_ stored: String) throws {
        let original = try #require(TreeNameEscaping.unescape(Array(stored.utf8)))
        #expect(TreeNameEscaping.escape(original) == Array(stored.utf8))
    }

    /// Names a Linux directory can hold: newline, control characters, bidi marks,
    /// invalid UTF-8, `%` prefix, `.git` look-alikes. Each survives escape + unescape.
    @Test func hostileNamesRoundTrip() {
        let names: [[UInt8]] = [Array("a\nb".utf8), [0x01, 0x1B, 0x7F], Array("\u{202E}gnp.exe".utf8),
                                [0xFF, 0xFE, 0x80], [0xC0, 0xAF], Array("%41".utf8), Array(".GIT".utf8),
                                Array("git~1".utf8), Array(".git\u{200C}".utf8), Array(".gitmodules ::$DATA".utf8), []]
        for name in names {
            let stored = TreeNameEscaping.escape(name)
            #expect(TreeNameEscaping.unescape(stored) == name, "\(name)")
            #expect(!stored.contains(0) && !stored.contains(UInt8(ascii: "/")) && !stored.isEmpty)
        }
    }
}
