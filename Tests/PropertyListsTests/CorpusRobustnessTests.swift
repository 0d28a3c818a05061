import Foundation
import Testing
@testable import PropertyLists

/// Every third-party vector gives a value or a PlistError (never a crash); the ones that
/// are known good decode and the ones that are known bad are rejected. No wall-clock
/// budget: under the sanitizers a 1 MB XML vector takes ~10 s; the readers' work is
/// bounded by PlistLimits instead (HostileInputTests), and the fuzzers' -timeout catches hangs.
@Suite(.enabled(if: Corpus.isConfigured, "BUNDLEDIFF_CORPUS is unset: skipping the real-world corpus tests"))
struct CorpusRobustnessTests {
    enum Outcome: Equatable { case decoded(PlistFormat), rejected(String) }

    static func outcome(_ body: () throws(PlistError) -> PlistDocument) -> Outcome {
        do {
            return .decoded(try body().format)
        } catch {
            return .rejected(error.description)
        }
    }

    @Test func everyVectorDecodesOrFailsCleanly() throws {
        let (base, files) = try #require(Corpus.plistVectorFiles())
        #expect(files.count >= 250, "only \(files.count) files under plist-vectors")
        var outcomes: [String: Outcome] = [:]
        for file in files {
            let bytes = try #require(Corpus.bytes(base + "/" + file))
            let result = Self.outcome { () throws(PlistError) in try PropertyListReader.read(bytes) }
            let asStrings = Self.outcome { () throws(PlistError) in try PropertyListReader.readStrings(bytes) }
            if case .rejected(let message) = result {
                #expect(!message.isEmpty, "\(file): empty error message")
            }
            // readStrings only differs for text that is not a plist: it never loses a
            // binary or XML plist that read() decodes.
            if case .decoded(let format) = result, format == .binary || format == .xml {
                #expect(asStrings == result, "\(file): read \(result), readStrings \(asStrings)")
            }
            outcomes[file] = file.hasSuffix(".strings") ? asStrings : result
        }

        // Known bad: CPython's and biplist's invalid binaries, rust-plist's error files,
        // SwiftGen's bad plist, CPython's entity declaration, swift-foundation's .bad files.
        let mustReject = files.filter {
            $0.contains("/invalid-binary/") || $0.contains("/invalid-xml/") || $0.contains("/fuzz_data/")
                || $0.hasSuffix("_error.plist") || $0.contains("binary_circular_array") || $0.contains("binary_zero_offset_size") || $0.contains("/Plist/bad/")
                || $0.hasSuffix(".bad")
        }
        #expect(mustReject.count >= 50)
        for file in mustReject {
            if case .decoded(let format) = outcomes[file] { Issue.record("\(file) is invalid but decoded as \(format)") }
        }

        // Known good, in every format, including old-style text nobody else here parses.
        let mustDecode: [String: PlistFormat] = [
            "cpython-3.11.7-test_plistlib/valid/TESTDATA_FMT_XML.plist": .xml,
            "cpython-3.11.7-test_plistlib/valid/TESTDATA_FMT_BINARY.plist": .binary,
            "rust-plist_58a19eb1c4/data/ascii-animals.plist": .openStep,
            "rust-plist_58a19eb1c4/data/ascii-sample.plist": .openStep,
            "rust-plist_58a19eb1c4/data/netnewswire.pbxproj": .openStep,
            "rust-plist_58a19eb1c4/data/utf16_bplist.plist": .binary,
            "libplist_dddb76d74a/test-data/o1.ostep": .openStep,
            "libplist_dddb76d74a/test-data/o2.ostep": .openStep,
            "libplist_dddb76d74a/test-data/o3.ostep": .openStep,
            "libplist_dddb76d74a/test-data/test.strings": .strings,
            "libplist_dddb76d74a/test-data/cdata.plist": .xml,
            "libplist_dddb76d74a/test-data/entities.plist": .xml,
            "swift-foundation_767ff1c2e3/test_oldStylePlist_getSlashedChars_octal.plist": .openStep,
            "swift-foundation_767ff1c2e3/test_oldStylePlist_getSlashedChars_unicode.plist": .openStep,
            "swiftgen-fixtures_f7c23b6305/Plist/good/Info.plist": .xml,
        ]
        for (file, format) in mustDecode.sorted(by: { $0.key < $1.key }) {
            #expect(outcomes[file] == .decoded(format), "\(file)")
        }
    }

    /// swift-foundation ships old-style files with escapes next to the XML they must equal.
    @Test(arguments: ["octal", "unicode"])
    func oldStyleEscapesMatchExpected(kind: String) throws {
        let (base, _) = try #require(Corpus.plistVectorFiles())
        let dir = base + "/swift-foundation_767ff1c2e3/test_oldStylePlist_getSlashedChars_"
        let source = try PropertyListReader.read(try #require(Corpus.bytes(dir + kind + ".plist")))
        let expected = try PropertyListReader.read(try #require(Corpus.bytes(dir + kind + "_expected.plist")))
        let got = try #require(source.root.arrayValue), want = try #require(expected.root.arrayValue)
        #expect(got.count == want.count)
        for (index, (a, b)) in zip(got, want).enumerated() where a != b {
            Issue.record("item \(index): \(a) != \(b)")
        }
    }

    /// Real files that really are broken (CoreFoundation rejects them too), with the error
    /// we must give. Everything else decodes.
    static let knownBrokenLocalizationFiles: [String: String] = [
        "MonitorControl-MonitorControl/v4.2.0/MonitorControl/UI/pt-BR.lproj/Main.strings":
            "line 302: expected ';' after value for key \"PyY-p9-3NP.title\" (the value ends on line 299)",
        "MonitorControl-MonitorControl/v4.3.3/MonitorControl/UI/pt-BR.lproj/Main.strings":
            "line 302: expected ';' after value for key \"PyY-p9-3NP.title\" (the value ends on line 299)",
        "MonitorControl-MonitorControl/v4.3.3/MonitorControl/UI/pt-PT.lproj/Main.strings":
            "line 302: expected ';' after value for key \"PyY-p9-3NP.title\" (the value ends on line 299)",
    ]

    @Test func everyLocalizationFileDecodes() throws {
        let (base, files) = try #require(Corpus.localizationFiles())
        var broken: Set<String> = []
        for file in files {
            let bytes = try #require(Corpus.bytes(base + "/" + file))
            do {
                let doc = try PropertyListReader.readStrings(bytes)
                #expect(doc.root.dictionaryValue != nil, "\(file): root is \(doc.root.typeName)")
                #expect(Self.knownBrokenLocalizationFiles[file] == nil, "\(file): known broken, but it decodes")
            } catch {
                broken.insert(file)
                if let expected = Self.knownBrokenLocalizationFiles[file] {
                    #expect(error.description == expected, "\(file)")
                } else {
                    Issue.record("\(file): \(error)")
                }
            }
        }
        #expect(broken == Set(Self.knownBrokenLocalizationFiles.keys))
    }
}
