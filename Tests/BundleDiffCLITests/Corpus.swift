import Foundation
import Testing

/// The real-world corpus (`../shared/corpus`), found through `BUNDLEDIFF_CORPUS`. Where the
/// variable is unset the corpus tests are skipped (the trait says why); where it is set,
/// a missing folder fails the test.
enum Corpus {
    static let root: String? = ProcessInfo.processInfo.environment["BUNDLEDIFF_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }
    static let isAvailable = root != nil
    static let trait = ConditionTrait.enabled(if: isAvailable, "BUNDLEDIFF_CORPUS is not set; corpus tests skipped")

    /// `root/relative`, failing the test when it does not exist.
    static func path(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let full = "\(root ?? "")/\(relative)"
        try #require(FileManager.default.fileExists(atPath: full), "corpus file missing: \(full)", sourceLocation: sourceLocation)
        return full
    }
}
