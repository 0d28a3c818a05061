@testable import SnapshotStore
import Testing

/// `CommitMessage.parse` reads ASCII messages byte by byte and any other through String's
/// characters: both give back what `text` wrote, and a foreign message reads the same.
@Suite struct CommitMessageParseTests {
    static func message(label: String?, source: String = "App.ipa") -> CommitMessage {
        CommitMessage(bundleId: "com.example.app", shortVersion: "1.2", build: "42", platform: "iOS", source: source,
                      label: label, channel: "main", files: 5000, bytes: 123_456_789, recordedAt: 1_767_225_600,
                      toolVersion: "0.9.0")
    }

    @Test(arguments: [nil, "ci-1", "back\\slash", "tab\there", "line\nbreak", "cr\rhere", "crlf\r\nhere",
                      "Café 🚀", "e\u{301}", ":\u{301}x", " leading", "a: b", "\u{202E}bidi", "\\u{41}"])
    func roundTrips(label: String?) throws {
        let written = Self.message(label: label, source: label ?? "App.ipa")
        let read = try #require(CommitMessage.parse(written.text, commitTime: 1_767_225_600))
        #expect(read == written)
    }

    @Test func foreignMessagesReadAlike() throws {
        let base = Self.message(label: "x").text
        // CR LF line ends: one character in Swift, so no line break for the general path.
        #expect(CommitMessage.parse(base.replacingOccurrences(of: "\n", with: "\r\n"), commitTime: 0) == nil)
        // A key followed by a combining mark is not that key.
        let combining = base.replacingOccurrences(of: "Bundlediff-Label: x", with: "Bundlediff-Label:\u{301} y")
        #expect(CommitMessage.parse(combining, commitTime: 0)?.label == nil)
        // Unknown lines and a missing format: not a build.
        #expect(CommitMessage.parse("fix: something\n\nSigned-off-by: a\n", commitTime: 0) == nil)
        #expect(CommitMessage.parse(base.replacingOccurrences(of: "Bundlediff-Snapshot-Format: 1", with: ""),
                                    commitTime: 0) == nil)
    }

    /// The byte reader gives what the character reader gives on ASCII text: a later line of
    /// a key wins, one space after the colon is dropped, unknown keys and lines without a
    /// colon are skipped, empty lines too.
    @Test(arguments: [
        "Bundlediff-Label: first\nBundlediff-Label: second", "Bundlediff-Label:none", "Bundlediff-Label:  two",
        "Bundlediff-Label :spaced key", "Bundlediff-Label", "\n\n\nBundlediff-Label: after blanks",
        "bundlediff-label: lower case", "Bundlediff-Files: 12", "Bundlediff-Files: x", "Bundlediff-Label: a:b:c",
        "Bundlediff-Label: back\\\\slash\\n", "Bundlediff-Kind: container", "Bundlediff-Kind: other",
        "Bundlediff-Snapshot-Format: 2", "Bundlediff-Channel:", "Bundlediff-Label: ",
    ])
    func bytesReadAsCharacters(extra: String) {
        let ascii = Self.message(label: "x").text + extra + "\n"
        // A non-ASCII line that is no trailer sends the same text down the character path.
        let general = ascii + "Note: caf\u{E9}\n"
        #expect(CommitMessage.parse(ascii, commitTime: 7) == CommitMessage.parse(general, commitTime: 7))
    }
}
