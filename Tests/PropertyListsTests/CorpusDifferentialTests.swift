import Foundation
import Testing
@testable import PropertyLists

/// Differential test against Python's `plistlib` (CPython's own reader): every corpus file
/// plistlib loads must decode to the same values with us, type for type, key order included.
@Suite(.enabled(if: Corpus.isConfigured, "BUNDLEDIFF_CORPUS is unset: skipping the plistlib differential test"))
struct CorpusDifferentialTests {
    /// Files plistlib loads and we deliberately reject. Each is a plistlib leniency, not
    /// something Apple's readers accept; the test fails if we ever start accepting them
    /// (or if plistlib starts rejecting them, so the list cannot go stale).
    static let weRejectOnPurpose: [String: String] = [
        "biplist_4c3d0c9413/data/invalid_object_offset_size.plist":
            "trailer declares 1-byte offsets for a table of 2-byte offsets; plistlib decodes object 0 from "
            + "offset 0 (inside the bplist00 header), we reject offsets into the header",
        "biplist_4c3d0c9413/fuzz_data/ascii_string_too_long.plist":
            "the offset table runs into the trailer; plistlib reads trailer bytes as offsets, we (like "
            + "CoreFoundation) require the table to end before the trailer",
        "libplist_dddb76d74a/fuzz/bplist-crashes/crash-39f1347115f8fe9ac25cdc9332e3fc5cd32c7f7b":
            "a dictionary key is not a string; plistlib allows any hashable key, plist keys are strings",
        "swift-foundation_767ff1c2e3/Test_82142612.bad":
            "a dictionary key is not a string (swift-foundation expects this file to fail)",
        "libplist_dddb76d74a/fuzz/xplist-crashes/clusterfuzz-testcase-4663876528373760":
            "<data> holds characters outside base64; plistlib's decoder drops them, we are strict",
        "swift-corelibs-foundation_761b621da9/Resources/NSXMLDTDTestData.xml":
            "an XML document whose root is <root>, not a plist; plistlib skips unknown elements",
    ]

    @Test func ourValuesAgreeWithPlistlib() throws {
        let (base, files) = try #require(Corpus.plistVectorFiles())
        let compared = Self.compare(files.map { base + "/" + $0 }, exceptions: Self.weRejectOnPurpose.mapKeys { base + "/" + $0 })
        #expect(compared >= 100, "only \(compared) files compared")
    }

    /// The plists of the real bundles and localizations (Info.plist in both formats,
    /// compiled and source .strings, .stringsdict; compiled nibs that are plists): no
    /// exception at all.
    @Test func bundlePlistsAgreeWithPlistlib() throws {
        let root = try #require(Corpus.root)
        let suffixes = [".plist", ".strings", ".stringsdict", ".nib"]
        var paths: [String] = []
        for area in ["bundles", "l10n"] {
            paths += Corpus.regularFiles(under: root + "/" + area)
                .filter { file in suffixes.contains { file.hasSuffix($0) } }
                .map { root + "/" + area + "/" + $0 }
        }
        let compared = Self.compare(paths, exceptions: [:])
        #expect(compared >= 500, "only \(compared) files compared")
    }

    /// Runs plistlib over `paths` and checks every file it loads; returns how many were
    /// compared. `exceptions` (path → reason) are files we must reject although plistlib
    /// loads them; every one of them must still behave that way.
    static func compare(_ paths: [String], exceptions: [String: String]) -> Int {
        let verdicts: [String: PlistlibOracle.Verdict]
        switch PlistlibOracle.run(paths) {
        case .success(let v): verdicts = v
        case .failure(let error):
            Issue.record("the differential test needs python3 with plistlib: \(error)")
            return 0
        }
        var compared = 0
        var exceptionsSeen: Set<String> = []
        for path in paths {
            guard let verdict = verdicts[path] else {
                Issue.record("\(path): no answer from plistlib_dump.py")
                continue
            }
            guard case .loaded(let tagged) = verdict, let bytes = Corpus.bytes(path) else { continue }
            do {
                let ours = try PropertyListReader.read(bytes)
                if let reason = exceptions[path] {
                    Issue.record("\(path) is listed as rejected on purpose (\(reason)) but decoded")
                }
                if let difference = PlistlibOracle.difference(tagged, ours.root) {
                    Issue.record("\(path): \(difference)")
                }
                compared += 1
            } catch {
                if exceptions[path] != nil {
                    exceptionsSeen.insert(path)
                } else {
                    Issue.record("\(path): plistlib loads it, we reject it: \(error)")
                }
            }
        }
        let stale = Set(exceptions.keys).subtracting(exceptionsSeen)
        #expect(stale.isEmpty, "exceptions that no longer apply: \(stale.sorted())")
        return compared
    }
}

/// Runs without the corpus.
@Suite struct PlistlibOracleTests {
    /// The comparison itself must be able to fail: a changed type, value or key order is a
    /// difference.
    @Test func oracleComparisonDetectsDifferences() {
        let tagged: [String: Any] = ["t": "dictionary", "v": [
            ["a", ["t": "integer", "v": "1"]],
            ["b", ["t": "string", "v": "e\u{301}"]],
        ]]
        let same = PlistValue.dictionary(PlistDictionary([("a", .integer(PlistInteger(1))), ("b", .string("e\u{301}"))]))
        #expect(PlistlibOracle.difference(tagged, same) == nil)
        let real = PlistValue.dictionary(PlistDictionary([("a", .real(1)), ("b", .string("e\u{301}"))]))
        #expect(PlistlibOracle.difference(tagged, real) == "$.a: plistlib integer, ours real")
        let nfc = PlistValue.dictionary(PlistDictionary([("a", .integer(PlistInteger(1))), ("b", .string("\u{E9}"))]))
        #expect(PlistlibOracle.difference(tagged, nfc) != nil)
        let order = PlistValue.dictionary(PlistDictionary([("b", .string("e\u{301}")), ("a", .integer(PlistInteger(1)))]))
        #expect(PlistlibOracle.difference(tagged, order)?.hasPrefix("$: keys") == true)
    }
}

extension Dictionary {
    func mapKeys<K: Hashable>(_ transform: (Key) -> K) -> [K: Value] {
        Dictionary<K, Value>(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
