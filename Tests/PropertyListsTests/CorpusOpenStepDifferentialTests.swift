import Foundation
import Testing
@testable import PropertyLists

/// Differential test for the text formats plistlib cannot read: `.strings` files and
/// old-style plists, against CoreFoundation's parser (swift-corelibs-foundation's
/// `PropertyListSerialization`, used here as an oracle only; the product never hands it
/// untrusted input). CoreFoundation's dictionaries have no order and no duplicates, so
/// dictionaries compare as key sets; strings compare by Unicode scalars.
@Suite(.enabled(if: Corpus.isConfigured, "BUNDLEDIFF_CORPUS is unset: skipping the CoreFoundation differential test"))
struct CorpusOpenStepDifferentialTests {
    @Test func textPlistsAgreeWithCoreFoundation() throws {
        let root = try #require(Corpus.root)
        var paths: [String] = []
        for area in ["bundles", "l10n"] {
            paths += Corpus.regularFiles(under: root + "/" + area).filter { $0.hasSuffix(".strings") }
                .map { root + "/" + area + "/" + $0 }
        }
        let (base, vectors) = try #require(Corpus.plistVectorFiles())
        paths += vectors.filter {
            $0.hasSuffix(".strings") || $0.hasSuffix(".ostep") || $0.hasSuffix(".pbxproj")
                || $0.contains("/ascii-") || $0.contains("test_oldStylePlist_getSlashedChars_")
        }.map { base + "/" + $0 }
        var compared = 0
        for path in paths {
            let data = try #require(FileManager.default.contents(atPath: path))
            let bytes = Array(data)
            let ours = path.hasSuffix(".strings") ? try? PropertyListReader.readStrings(bytes) : try? PropertyListReader.read(bytes)
            var format = PropertyListSerialization.PropertyListFormat.openStep
            let reference = try? PropertyListSerialization.propertyList(from: data, options: [], format: &format)
            switch (ours, reference) {
            case (nil, nil):
                continue
            case (nil, .some):
                Issue.record("\(path): CoreFoundation reads it, we reject it")
            case (.some, nil):
                Issue.record("\(path): we read it, CoreFoundation rejects it")
            case (.some(let document), .some(let value)):
                if let difference = Self.difference(document.root, value, at: "$") {
                    Issue.record("\(path): \(difference)")
                }
                compared += 1
            }
        }
        #expect(compared >= 600, "only \(compared) files compared")
    }

    /// Old-style text has strings, data, arrays and dictionaries only.
    static func difference(_ ours: PlistValue, _ reference: Any, at path: String) -> String? {
        switch ours {
        case .string(let s):
            guard let r = reference as? String, Array(r.unicodeScalars) == Array(s.unicodeScalars) else {
                return "\(path): \(s.debugDescription) vs \(String(describing: reference).debugDescription)"
            }
        case .data(let bytes):
            guard let r = reference as? Data, Array(r) == bytes else { return "\(path): data differs" }
        case .array(let items):
            guard let r = reference as? [Any], r.count == items.count else { return "\(path): array differs in length" }
            for (index, (a, b)) in zip(items, r).enumerated() {
                if let d = difference(a, b, at: "\(path)[\(index)]") { return d }
            }
        case .dictionary(let dictionary):
            guard let r = reference as? [String: Any] else { return "\(path): not a dictionary in CoreFoundation" }
            guard Set(r.keys) == Set(dictionary.keys) else {
                return "\(path): keys differ: ours only \(Set(dictionary.keys).subtracting(r.keys).sorted().prefix(5)), "
                    + "CoreFoundation only \(Set(r.keys).subtracting(dictionary.keys).sorted().prefix(5))"
            }
            for entry in dictionary.entries {
                guard let value = r[entry.key] else { continue }
                if let d = difference(entry.value, value, at: "\(path).\(entry.key)") { return d }
            }
        default:
            return "\(path): \(ours.typeName) cannot come from old-style text"
        }
        return nil
    }
}
