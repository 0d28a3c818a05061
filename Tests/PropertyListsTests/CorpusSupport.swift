import Foundation
import Testing

/// The shared real-world corpus (`$BUNDLEDIFF_CORPUS`, e.g. `../shared/corpus`).
///
/// Unset: corpus tests are skipped, with the reason shown by Swift Testing, so a user's
/// clone still passes. Set: the folder must exist and hold every expected set, or the
/// tests fail (a CI that silently tested nothing would look green).
enum Corpus {
    static var root: String? {
        guard let value = ProcessInfo.processInfo.environment["BUNDLEDIFF_CORPUS"], !value.isEmpty else { return nil }
        return value
    }

    static var isConfigured: Bool { root != nil }

    /// The plist-vector sets the tests rely on (see the corpus README and manifest.json).
    static let plistVectorSets = [
        "biplist_4c3d0c9413", "cpython-3.11.7-test_plistlib", "go-plist_ee69052608", "libplist_dddb76d74a",
        "rust-plist_58a19eb1c4", "swift-corelibs-foundation_761b621da9", "swift-foundation_767ff1c2e3",
        "swiftgen-fixtures_f7c23b6305",
    ]

    /// Every file under `plist-vectors/`, as paths relative to that folder, sorted.
    /// Records a failure (and returns nil) when the folder is missing or incomplete.
    static func plistVectorFiles(sourceLocation: SourceLocation = #_sourceLocation) -> (base: String, files: [String])? {
        guard let root else { return nil }
        let base = root + "/plist-vectors"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base, isDirectory: &isDirectory), isDirectory.boolValue else {
            Issue.record("BUNDLEDIFF_CORPUS=\(root) has no plist-vectors/ folder", sourceLocation: sourceLocation)
            return nil
        }
        let files = regularFiles(under: base)
        for set in plistVectorSets where !files.contains(where: { $0.hasPrefix(set + "/") }) {
            Issue.record("corpus set plist-vectors/\(set) is missing or empty", sourceLocation: sourceLocation)
            return nil
        }
        return (base, files)
    }

    /// Every `.strings`/`.stringsdict` file under `l10n/`, relative to that folder.
    static func localizationFiles(sourceLocation: SourceLocation = #_sourceLocation) -> (base: String, files: [String])? {
        guard let root else { return nil }
        let base = root + "/l10n"
        let files = regularFiles(under: base).filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }
        guard !files.isEmpty else {
            Issue.record("BUNDLEDIFF_CORPUS=\(root) has no .strings files under l10n/", sourceLocation: sourceLocation)
            return nil
        }
        return (base, files)
    }

    static func regularFiles(under base: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var out: [String] = []
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                out.append(relative)
            }
        }
        return out.sorted()
    }

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }
}
