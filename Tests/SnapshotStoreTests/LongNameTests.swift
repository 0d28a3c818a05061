import BundleModel
import BundleReading
import Foundation
import SnapshotStore
import Testing
import TestSupport

/// A recording lands whole or not at all, tags included: a name the file system cannot
/// hold (a loose reference's parts are file names, 255 bytes at most) is refused before
/// the branch moves, and a second run gives the same one-line refusal, not a half record.
@Suite struct LongNameTests {
    func refs(_ repo: String) throws -> String {
        try runGit(["for-each-ref", "--format=%(refname)"], in: repo).out
    }

    func refusal(_ app: FixtureBuilder, tags: [String] = [], in store: HistoryStore) throws -> StoreError? {
        let dir = try ScratchDirectory()
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: dir.path))
        do {
            _ = try store.record(snapshot, options: options(tags: tags))
            return nil
        } catch {
            return error
        }
    }

    @Test func aLongBuildNumberIsRefusedBeforeTheBranchMoves() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("history.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let long = FixtureBuilder.iOSApp(version: String(repeating: "7", count: 250))
        for _ in 0..<2 {
            let error = try #require(try refusal(long, in: store))
            #expect(error.kind == .invalidInput)
            #expect(error.message.contains("the version tag made of the bundle identifier, CFBundleShortVersionString "
                                           + "and CFBundleVersion would have a part of"), "\(error.message)")
            #expect(error.message.hasSuffix("the build was not recorded"), "\(error.message)")
            #expect(!error.message.contains("\n"))
            let written = try refs(repo)
            #expect(written.isEmpty, "nothing is written: \(written)")
        }
        // `com.example.myapp@1.0+` is 22 bytes; with room for `#1000`, 223 digits fit.
        #expect(try refusal(FixtureBuilder.iOSApp(version: String(repeating: "7", count: 224)), in: store) != nil)
        let fits = FixtureBuilder.iOSApp(version: String(repeating: "7", count: 223))
        #expect(try refusal(fits, in: store) == nil)
        #expect(try refs(repo).contains("refs/tags/com.example.myapp@1.0+777"))
        try expectFsckClean(repo)
    }

    @Test func aLongBundleIdentifierIsRefused() throws {
        let scratch = try ScratchDirectory()
        let store = try HistoryStore.open(at: scratch.path("history.git"), create: true)
        let app = FixtureBuilder.iOSApp(identifier: "com." + String(repeating: "x", count: 260))
        let error = try #require(try refusal(app, in: store))
        #expect(error.message.hasPrefix("the branch for this bundle identifier would have a part of 264 bytes"),
                "\(error.message)")
        #expect(try refs(scratch.path("history.git")).isEmpty)
    }

    @Test func aLongUserTagIsRefusedBeforeAnythingIsWritten() throws {
        let scratch = try ScratchDirectory()
        let store = try HistoryStore.open(at: scratch.path("history.git"), create: true)
        let error = try #require(try refusal(FixtureBuilder.iOSApp(), tags: ["v/" + String(repeating: "t", count: 251)],
                                             in: store))
        #expect(error.message.contains("the tag name would have a part of 251 bytes"), "\(error.message)")
        #expect(try refs(scratch.path("history.git")).isEmpty)
    }
}
