import BundleModel
import Foundation
@testable import SnapshotStore
import Testing
import TestSupport

/// A recorded build's facts (`RecordedFacts`): what one process keeps, the next reads back
/// for the same build only, and a damaged or cut file reads as nothing.
@Suite struct RecordedFactsTests {
    @Test func keptFactsAreReadBackForTheSameBuildOnly() throws {
        let scratch = try ScratchDirectory()
        let (_, store, a, b) = try CachedReadTests.recordPair(scratch)
        let old = try store.snapshot(of: a), new = try store.snapshot(of: b)
        let facts = try #require(old.facts), other = try #require(new.facts)
        #expect(facts.bytes(named: "test-1") == nil)
        facts.keep([1, 2, 3], named: "test-1")
        #expect(facts.bytes(named: "test-1") == [1, 2, 3])
        #expect(other.bytes(named: "test-1") == nil)
        HistoryStore.finishCacheWrites()
        // The next process (another store on the same history) reads them.
        let again = try HistoryStore.open(at: store.repository.path, create: false)
        let reread = try #require(try again.snapshot(of: a).facts)
        #expect(reread.bytes(named: "test-1") == [1, 2, 3])
        // Damaged or cut, the file reads as nothing.
        let folder = store.factsCache.folder
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasPrefix("test-1-") })
        var bytes = try #require(FileManager.default.contents(atPath: folder + "/" + name))
        bytes[0] ^= 1
        try bytes.write(to: URL(fileURLWithPath: folder + "/" + name))
        #expect(reread.bytes(named: "test-1") == nil)
        try Data([1, 2]).write(to: URL(fileURLWithPath: folder + "/" + name))
        #expect(reread.bytes(named: "test-1") == nil)
    }
}
