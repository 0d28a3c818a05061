@testable import BundleDiffKit
import Foundation
import Reporters
import SnapshotStore
import Testing
import TestSupport

/// A query that reads its builds on both cores (`onBothCores`: two halves, two repository
/// handles) answers as reading them in turn does, and what it leaves in the cache answers
/// the same again. The threshold is lowered so the six fixture builds take that path.
@Suite struct HistoryBothCoresTests {
    static let questions: [HistoryQuery.Question] = [
        .key("CFBundleVersion", bundle: nil, file: nil, language: nil),
        .key("NSCameraUsageDescription", bundle: nil, file: nil, language: nil),
        .key("UIDeviceFamily", bundle: nil, file: nil, language: nil),
        .key("greeting", bundle: nil, file: nil, language: "fr"),
        .key("farewell", bundle: nil, file: nil, language: "ko"),
        .key("CFBundleIdentifier", bundle: "com.example.myapp.share", file: nil, language: nil),
        .key("CFBundleVersion", bundle: nil, file: "MyApp.app/Info.plist", language: nil),
        .size,
        .languages(bundle: nil, reference: nil),
        .languages(bundle: nil, reference: "fr"),
        .languages(bundle: "com.example.myapp.share", reference: nil),
    ]

    func answer(_ question: HistoryQuery.Question, repo: String, threshold: Int) throws -> String {
        let store = try HistoryStore.open(at: repo, create: false)
        var query = try HistoryQuery(store: store, app: nil, channel: "main", filter: BuildFilter())
        query.bothCoresThreshold = threshold
        return HistoryTextRenderer.render(try query.answer(question))
    }

    @Test(arguments: questions)
    func bothCoresAnswerAsInTurn(question: HistoryQuery.Question) throws {
        let h = try HistoryFixture()
        let cache = h.repo + "/bundlediff/cache"
        let split = try answer(question, repo: h.repo, threshold: 1)
        #expect(FileManager.default.fileExists(atPath: cache + "/query"))
        let warm = try answer(question, repo: h.repo, threshold: 1)
        try FileManager.default.removeItem(atPath: cache)
        let inTurn = try answer(question, repo: h.repo, threshold: Int.max)
        #expect(split == inTurn)
        #expect(warm == inTurn)
        #expect(split.split(separator: "\n").count > 2, "\(split)")
    }

    /// A failure on the second thread reaches the caller as the query's error.
    @Test func aFailureOfTheSecondHalfIsReported() throws {
        let h = try HistoryFixture()
        let store = try HistoryStore.open(at: h.repo, create: false)
        var query = try HistoryQuery(store: store, app: nil, channel: "main", filter: BuildFilter())
        query.bothCoresThreshold = 1
        let last = try #require(query.builds.last)
        let repo = h.repo
        #expect(throws: UserFacingError.self) {
            _ = try query.onBothCores(query.builds) { (_, slice) throws(StoreError) -> [Int] in
                if slice.contains(last) {
                    throw StoreError(.corrupt, repository: repo, "the second half failed")
                }
                return slice.map { _ in 1 }
            }
        }
        #expect(try query.onBothCores(query.builds) { (_, slice) throws(StoreError) -> [Int] in slice.map { _ in 1 } }
                == query.builds.map { _ in 1 })
    }
}
