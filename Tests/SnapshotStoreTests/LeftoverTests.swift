import BundleModel
import Foundation
import SnapshotStore
import Testing
import TestSupport

/// What killed writers leave behind, and what the next recording does with it.
@Suite struct LeftoverTests {
    @Test func oldTemporaryPackFilesAreRemoved() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let snapshots = try StoreRobustnessTests().builds(2, in: scratch)
        _ = try store.record(snapshots[0], options: options(1))
        let old = repo + "/objects/pack/pack_git2_0123456789abcdef"
        let oldLock = repo + "/objects/pack/pack_git2_0123456789abidx.lock"
        let young = repo + "/objects/pack/pack_git2_fedcba9876543210"
        for file in [old, oldLock, young] { try Data("PACK".utf8).write(to: URL(fileURLWithPath: file)) }
        for file in [old, oldLock] {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: file)
        }
        _ = try store.record(snapshots[1], options: options(2))
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(!FileManager.default.fileExists(atPath: oldLock))
        #expect(FileManager.default.fileExists(atPath: young), "a young one may belong to a live writer")
        try expectFsckClean(repo)
    }

    @Test func halfMadeHistoryOfAKilledCreatorIsRemoved() throws {
        let scratch = try ScratchDirectory()
        // A process that is gone: its pid names the abandoned folder.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let abandoned = scratch.path(".h.git.new-\(gone.processIdentifier)-0badf00d")
        let live = scratch.path(".h.git.new-\(getpid())-0badf00d")
        for folder in [abandoned, live] {
            try FileManager.default.createDirectory(atPath: folder + "/objects", withIntermediateDirectories: true)
        }
        let store = try HistoryStore.open(at: scratch.path("h.git"), create: true)
        _ = try store.record(try StoreRobustnessTests().builds(1, in: scratch)[0], options: options(1))
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: live), "a live creator's folder stays")
        let hidden = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".h.git.new-") }
        #expect(hidden == [".h.git.new-\(getpid())-0badf00d"])
        try expectFsckClean(scratch.path("h.git"))
    }
}
