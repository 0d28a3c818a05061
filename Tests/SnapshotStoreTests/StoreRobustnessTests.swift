import BundleModel
import BundleReading
import Foundation
import SnapshotStore
import Testing
import TestSupport

@Suite struct StoreRobustnessTests {
    /// Builds `count` different snapshots of one app (version `1`…`count`).
    func builds(_ count: Int, in scratch: ScratchDirectory) throws -> [BuildSnapshot] {
        try (1...count).map { n in
            var app = FixtureBuilder.iOSApp(version: "\(n)", nested: false)
            app.setFile("MyApp.app/build.txt", "build \(n)")
            let dir = scratch.path("b\(n)")
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            return try BuildReader.read(path: try app.writeDirectory(in: dir))
        }
    }

    @Test func concurrentWritersBothLandLinearly() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("h.git")
        _ = try HistoryStore.open(at: repo, create: true)
        let snapshots = try builds(16, in: scratch)
        let stores = try [HistoryStore.open(at: repo, create: false), HistoryStore.open(at: repo, create: false)]
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for (i, snapshot) in snapshots.enumerated() where i % 2 == writer {
                do {
                    _ = try stores[writer].record(snapshot, options: options(Int64(1000 + i)))
                } catch {
                    failures.add("writer \(writer) build \(i + 1): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let store = try HistoryStore.open(at: repo, create: false)
        let recorded = try store.builds(app: "com.example.myapp", channel: "main")
        #expect(Set(recorded.compactMap(\.build)) == Set((1...16).map(String.init)))
        #expect(recorded.count == 16)
        // A single first-parent line: no merges, every commit has one parent but the root.
        let parents = try runGit(["rev-list", "--parents", "refs/heads/com.example.myapp/main"], in: repo).out
            .split(separator: "\n").map { $0.split(separator: " ").count }
        #expect(parents.count == 16)
        #expect(parents.filter { $0 == 1 }.count == 1)
        #expect(parents.allSatisfy { $0 <= 2 })
        try expectFsckClean(repo)
    }

    @Test func threadsSharingOneStore() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let snapshots = try builds(6, in: scratch)
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: snapshots.count) { i in
            do { _ = try store.record(snapshots[i], options: options(Int64(i))) } catch { failures.add("\(error)") }
        }
        #expect(failures.all.isEmpty)
        #expect(try store.builds(app: nil, channel: nil).count == 6)
        try expectFsckClean(repo)
    }

    @Test func failedRecordLeavesTheRefUnchanged() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let good = try builds(1, in: scratch)[0]
        let first = try store.record(good, options: options(1))
        let refBefore = try runGit(["for-each-ref"], in: repo).out
        // A snapshot that cannot be written (a file and a folder with one path), found
        // only while the tree is written.
        var broken = good
        broken.entries = EntryList(broken.entries.array + [FileEntry(path: BundlePath("MyApp.app/PkgInfo/inner"), kind: .file, size: 1)])
        #expect(throws: StoreError.self) { _ = try store.record(broken, options: options(2)) }
        #expect(try runGit(["for-each-ref"], in: repo).out == refBefore)
        // A user tag that exists is refused before anything is written.
        _ = try store.record(good, options: options(3, tags: ["t"], allowDuplicate: true))
        let afterTag = try runGit(["for-each-ref"], in: repo).out
        let other = try builds(2, in: try ScratchDirectory())[1]
        do {
            _ = try store.record(other, options: options(4, tags: ["t"]))
            Issue.record("an existing tag was accepted")
        } catch {
            #expect(error.kind == .tagExists)
        }
        #expect(try runGit(["for-each-ref"], in: repo).out == afterTag)
        #expect(refBefore.contains(first.build.commit))
        try expectFsckClean(repo)
    }

    @Test func notARepositoryAndLocked() throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: scratch.path("plain"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.path("plain/file.txt")))
        for (path, create) in [(scratch.path("plain"), true), (scratch.path("plain/file.txt"), true),
                               (scratch.path("missing"), false)] {
            do {
                _ = try HistoryStore.open(at: path, create: create)
                Issue.record("\(path) opened")
            } catch {
                #expect(error.kind == .notARepository)
                #expect(error.description.hasPrefix(path + ": "))
                #expect(["not a git repository", "not a git repository (it is a file)",
                         "no history here (record a build first)"].contains(error.message))
            }
        }
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let snapshots = try builds(2, in: scratch)
        _ = try store.record(snapshots[0], options: options(1))
        // A lock that cannot be removed (a folder: stale lock files are removed, see
        // StaleLockTests) blocks the record with one message naming it.
        let lock = repo + "/refs/heads/com.example.myapp/main.lock"
        try FileManager.default.createDirectory(atPath: lock + "/x", withIntermediateDirectories: true)
        do {
            _ = try store.record(snapshots[1], options: options(2))
            Issue.record("recorded through a held lock")
        } catch {
            #expect(error.kind == .locked)
            #expect(error.description.hasPrefix(repo + ": "))
            #expect(error.description.contains("lock"))
            #expect(error.message.hasPrefix("repository is locked: \(lock)"))
        }
        try FileManager.default.removeItem(atPath: lock)
        #expect(try store.builds(app: nil, channel: nil).count == 1)
        _ = try store.record(snapshots[1], options: options(3))
        #expect(try store.builds(app: nil, channel: nil).count == 2)
    }

    @Test func resolveEveryReferenceForm() throws {
        let scratch = try ScratchDirectory()
        let store = try HistoryStore.open(at: scratch.path("h.git"), create: true)
        let snapshots = try builds(3, in: scratch)
        var results: [RecordResult] = []
        for (i, snapshot) in snapshots.enumerated() {
            results.append(try store.record(snapshot, options: options(Int64(100 + i), tags: ["v\(i + 1)"])))
        }
        let (b1, b2, b3) = (results[0].build, results[1].build, results[2].build)
        #expect(try store.resolve("latest", app: nil, channel: nil).commit == b3.commit)
        #expect(try store.resolve("latest~1", app: nil, channel: nil).commit == b2.commit)
        #expect(try store.resolve("latest~2", app: nil, channel: "main").commit == b1.commit)
        #expect(try store.resolve("previous", app: nil, channel: nil).commit == b2.commit)
        #expect(try store.resolve("v1", app: nil, channel: nil).commit == b1.commit)
        #expect(try store.resolve(String(b2.commit.prefix(12)), app: nil, channel: nil).commit == b2.commit)
        #expect(try store.resolve(b1.commit, app: nil, channel: nil).commit == b1.commit)
        #expect(try store.resolve("com.example.myapp@1.0", app: nil, channel: nil).commit == b3.commit)
        #expect(try store.resolve("com.example.myapp@1.0+2", app: nil, channel: nil).commit == b2.commit)
        #expect(try store.resolve("com.example.myapp@1.0+1", app: nil, channel: nil).tags.contains("v1"))
        for (reference, kind) in [("latest~3", StoreError.Kind.notFound), ("nothing-here", .notFound),
                                  ("com.example.myapp@9.9", .notFound), ("com.other@1.0", .notFound), ("", .invalidInput)] {
            do {
                _ = try store.resolve(reference, app: nil, channel: nil)
                Issue.record("'\(reference)' resolved")
            } catch {
                #expect(error.kind == kind, "'\(reference)': \(error)")
            }
        }
    }

    @Test func rebuildChangingOnePercentGrowsTheRepositoryLittle() throws {
        let scratch = try ScratchDirectory()
        var app = FixtureBuilder.iOSApp(nested: false)
        for i in 0..<200 { app.setFile("MyApp.app/Assets/asset\(i).bin", FixtureBuilder.bytes(8192, seed: UInt64(100 + i))) }
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let first = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        _ = try store.record(first, options: options(1))
        let before = try Self.objectBytes(repo)
        let files = app.fileCount
        for i in 0..<(files / 100) {
            app.setFile("MyApp.app/Assets/asset\(i).bin", FixtureBuilder.bytes(8192, seed: UInt64(9000 + i)))
        }
        let rebuildDir = try ScratchDirectory()
        let second = try BuildReader.read(path: try app.writeDirectory(in: rebuildDir.path))
        _ = try store.record(second, options: options(2))
        let growth = try Self.objectBytes(repo) - before
        let bundleBytes = Int(second.totalBytes)
        #expect(growth > 0)
        #expect(growth * 100 < bundleBytes * 2, "grew \(growth) bytes for a \(bundleBytes)-byte bundle")
        print("repository growth for a 1% rebuild: \(growth) bytes of \(bundleBytes)")
        try expectFsckClean(repo)
    }

    /// Bytes of every file under `objects/`.
    static func objectBytes(_ repo: String) throws -> Int {
        var total = 0
        let root = repo + "/objects"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return 0 }
        while let item = walker.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + "/" + item)
            if attributes[.type] as? FileAttributeType == .typeRegular { total += (attributes[.size] as? Int) ?? 0 }
        }
        return total
    }
}

/// Failures collected from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}
