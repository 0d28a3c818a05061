import Foundation
import Testing
import TestSupport
@testable import Git

/// Which packs a recording merges, and merging them: every object stays readable, also
/// for a reader that had the merged packs open, and git accepts the result.
@Suite struct GeometricRepackTests {
    func packs(_ sizes: [Int]) -> [PackFile] {
        sizes.enumerated().map { PackFile(name: "pack-\($0.offset)", objects: $0.element) }
    }

    @Test func packsInAGeometricProgressionStay() {
        #expect(GeometricRepack.packsToRoll(packs([]) ).isEmpty)
        #expect(GeometricRepack.packsToRoll(packs([7])).isEmpty)
        #expect(GeometricRepack.packsToRoll(packs([5000, 20, 40, 100])).isEmpty)
    }

    @Test func theSmallestPacksAreMergedUntilTheRestIsAProgression() {
        // 20 and 20 break it; their 40 objects with the next 40 and 100 are still too many
        // for the pack above (each must hold twice what is below it), 5000 is not.
        let chosen = GeometricRepack.packsToRoll(packs([5000, 20, 100, 40, 20]))
        #expect(chosen.map(\.objects) == [20, 20, 40, 100])
        // A break high up takes everything below it.
        #expect(GeometricRepack.packsToRoll(packs([10, 40, 1000, 1500])).map(\.objects) == [10, 40, 1000, 1500])
        #expect(GeometricRepack.packsToRoll(packs([3, 3])).count == 2)
    }

    @Test func keptPacksAreNeverMerged() {
        let kept = PackFile(name: "pack-kept", objects: 20, isKept: true)
        #expect(GeometricRepack.packsToRoll(packs([20]) + [kept]).isEmpty)
        #expect(!GeometricRepack.packsToRoll(packs([20, 20]) + [kept]).contains(kept))
    }

    /// Ten one-blob packs under a multi-pack-index, as a history recorded before packs
    /// were merged: merging them into one keeps every blob, removes the index (it named
    /// the packs that went) and leaves a repository `git fsck --strict` accepts. A reader
    /// that opened the history before the merge still reads every blob after it.
    @Test func mergingKeepsEveryObjectForReadersThatOpenedBefore() throws {
        let dir = try ScratchDir("repack")
        defer { dir.remove() }
        let writer = try Repository.createBare(at: dir.path)
        var blobs: [ObjectID] = []
        for n in 0..<10 {
            blobs.append(try writer.writeBlob(Array("blob \(n)\n".utf8)))
            try writer.flushObjects()
        }
        try writer.writeMultiPackIndex()
        #expect(writer.packFiles().count == 10)
        let reader = try Repository.open(at: dir.path)
        #expect(try reader.readBlob(blobs[0]) == Array("blob 0\n".utf8))  // loads the index and one pack

        let chosen = GeometricRepack.packsToRoll(writer.packFiles())
        #expect(chosen.count == 10)
        let merged = try #require(try writer.rollUp(chosen))
        #expect(writer.packFiles() == [merged])
        #expect(merged.objects == 10)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/objects/pack/multi-pack-index"))

        for (n, blob) in blobs.enumerated() {
            #expect(try reader.readBlob(blob) == Array("blob \(n)\n".utf8))
            #expect(try Repository.open(at: dir.path).readBlob(blob) == Array("blob \(n)\n".utf8))
        }
        let fsck = try runGit(["fsck", "--strict", "--no-dangling"], in: dir.path)
        #expect(fsck.status == 0, "\(fsck.err)")
    }

    /// Merging packs reads no reference: libgit2's pack builder would look up every tag
    /// (one file lookup each, 10,000 in a 10,000-build history), and a tag file it
    /// cannot look up (here, a name git refuses) would fail the merge.
    @Test func mergingReadsNoReference() throws {
        let dir = try ScratchDir("repack-refs")
        defer { dir.remove() }
        let writer = try Repository.createBare(at: dir.path)
        for n in 0..<3 {
            _ = try writer.writeBlob(Array("blob \(n)\n".utf8))
            try writer.flushObjects()
        }
        try FileManager.default.createDirectory(atPath: dir.path + "/refs/tags", withIntermediateDirectories: true)
        try Data("0123456789012345678901234567890123456789\n".utf8)
            .write(to: URL(fileURLWithPath: dir.path + "/refs/tags/bad..name"))
        let merged = try #require(try writer.rollUp(writer.packFiles()))
        #expect(writer.packFiles() == [merged])
        #expect(merged.objects == 3)
    }

    /// A reader in this process keeps the history open while another process (git here,
    /// as `git repack -a -d`) merges every pack into one, deletes the old packs and the
    /// multi-pack-index that named them. Its next reads go through the stale index to
    /// packs that are gone; each read refreshes the object database and finds the
    /// object in the new pack.
    @Test func aReaderFindsObjectsAfterAnotherProcessDeletedTheirPacks() throws {
        let dir = try ScratchDir("repack-reader")
        defer { dir.remove() }
        let writer = try Repository.createBare(at: dir.path)
        var blobs: [ObjectID] = []
        for n in 0..<10 {
            let blob = try writer.writeBlob(Array("blob \(n)\n".utf8))
            try writer.flushObjects()
            // By another process, as a recording's are: had this process made them, it would
            // have opened every pack to check the blob, and the reader would read through
            // those open files whatever the packs on disk.
            let tag = try runGit(["update-ref", "refs/tags/b\(n)", blob.hex], in: dir.path)
            #expect(tag.status == 0, "\(tag.err)")
            blobs.append(blob)
        }
        try writer.writeMultiPackIndex()
        let reader = try Repository.open(at: dir.path)
        #expect(try reader.readBlob(blobs[0]) == Array("blob 0\n".utf8))
        let repack = try runGit(["repack", "-a", "-d", "-q"], in: dir.path)
        #expect(repack.status == 0, "\(repack.err)")
        #expect(writer.packFiles().count == 1)
        for (n, blob) in blobs.enumerated() {
            #expect(try reader.readBlob(blob) == Array("blob \(n)\n".utf8))
        }
    }
}
