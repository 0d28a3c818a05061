import BundleModel
import BundleReading
import Foundation
import SnapshotStore
import Testing
import TestSupport

@Suite struct RecordTests {
    @Test func recordGivesAFsckCleanRepositoryWithWorkingLog() throws {
        let scratch = try ScratchDirectory()
        var app = FixtureBuilder.iOSApp()
        app.setDirectory("MyApp.app/EmptyFolder")
        app.setFile("MyApp.app/.git", "not a repo")
        app.setFile("MyApp.app/%percent", "x")
        app.setSymlink("MyApp.app/link", target: "Info.plist")
        app.set(BundlePath(bytes: Array("MyApp.app/bad-\u{FF}".utf8) + [0xFF]), .file([9], executable: false))
        let snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        let repo = scratch.path("history.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let result = try store.record(snapshot, options: options(tags: ["release-1"]))
        #expect(result.ref == "refs/heads/com.example.myapp/main")
        #expect(result.versionTag == "com.example.myapp@1.0+1")
        #expect(result.tagsWritten.sorted() == ["com.example.myapp@1.0+1", "release-1"])
        #expect(!result.wasAlreadyRecorded)
        try expectFsckClean(repo)
        let log = try runGit(["log", "--format=%H %s", "refs/heads/com.example.myapp/main"], in: repo)
        #expect(log.status == 0, "\(log.err)")
        #expect(log.out == "\(result.build.commit) com.example.myapp 1.0 (1)\n")
        let head = try runGit(["symbolic-ref", "HEAD"], in: repo)
        #expect(head.out == "refs/heads/com.example.myapp/main\n")
        #expect(try runGit(["rev-parse", "--verify", "HEAD"], in: repo).out == result.build.commit + "\n")
        let body = try runGit(["log", "-1", "--format=%B", "HEAD"], in: repo).out
        #expect(body.contains("Bundlediff-Bundle-Id: com.example.myapp\n"))
        #expect(body.contains("Bundlediff-Snapshot-Format: 1\n"))
        // Special names are stored escaped, and read back exactly.
        let names = try runGit(["ls-tree", "--name-only", "HEAD:files/MyApp.app"], in: repo).out
        #expect(names.contains("%2e676974\n"))
        #expect(names.contains("%2570657263656e74\n"))
        #expect(names.contains("EmptyFolder\n"))
        let back = try store.snapshot(of: result.build)
        #expect(back.entries == snapshot.entries)
        #expect(back.plists == snapshot.plists)
        #expect(back.bundles == snapshot.bundles)
        #expect(back.sourceKind == snapshot.sourceKind)
        #expect(back.sourceName == snapshot.sourceName)
    }

    @Test func refsLayoutForSeveralAppsChannelsAndVersions() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("history.git")
        let store = try HistoryStore.open(at: repo, create: true)
        var time: Int64 = 1_700_000_000
        func record(_ app: FixtureBuilder, _ name: String, channel: String = "main") throws -> RecordResult {
            let dir = try ScratchDirectory()
            time += 10
            return try store.record(try BuildReader.read(path: try app.writeDirectory(in: dir.path)),
                                    options: options(time, channel: channel))
        }
        _ = try record(FixtureBuilder.iOSApp(version: "1"), "MyApp.app")
        _ = try record(FixtureBuilder.iOSApp(version: "2"), "MyApp.app")
        _ = try record(FixtureBuilder.iOSApp(shortVersion: "1.1", version: "3"), "MyApp.app", channel: "beta")
        _ = try record(FixtureBuilder.macApp(), "MacApp.app")
        let refs = try runGit(["for-each-ref", "--format=%(refname)"], in: repo).out
        #expect(refs == """
            refs/heads/com.example.macapp/main
            refs/heads/com.example.myapp/beta
            refs/heads/com.example.myapp/main
            refs/tags/com.example.macapp@1.0+1
            refs/tags/com.example.myapp@1.0+1
            refs/tags/com.example.myapp@1.0+2
            refs/tags/com.example.myapp@1.1+3

            """)
        let apps = try store.apps()
        #expect(apps.map(\.app) == ["com.example.macapp", "com.example.myapp"])
        #expect(apps.last?.channels == ["beta", "main"])
        #expect(try store.builds(app: "com.example.myapp", channel: "main").map(\.build) == ["2", "1"])
        #expect(try runGit(["rev-list", "--count", "refs/heads/com.example.myapp/main"], in: repo).out == "2\n")
        try expectFsckClean(repo)
    }

    @Test func sameBuildGivesSameTreeWhateverOrderTimesAndPaths() throws {
        let app = FixtureBuilder.iOSApp()
        let first = try ScratchDirectory("one"), second = try ScratchDirectory("two-longer-name")
        let a = try BuildReader.read(path: try app.writeDirectory(in: first.path, mtime: 1_000_000))
        let b = try BuildReader.read(path: try app.writeDirectory(in: second.path, reversed: true, mtime: 1_600_000_000))
        let repoA = first.path("h.git"), repoB = second.path("h.git")
        let storeA = try HistoryStore.open(at: repoA, create: true)
        let storeB = try HistoryStore.open(at: repoB, create: true)
        let ra = try storeA.record(a, options: options(1))
        let rb = try storeB.record(b, options: options(2))
        let treeA = try runGit(["rev-parse", "HEAD^{tree}"], in: repoA).out
        let treeB = try runGit(["rev-parse", "HEAD^{tree}"], in: repoB).out
        #expect(!treeA.isEmpty)
        #expect(treeA == treeB)
        #expect(ra.build.commit != rb.build.commit)  // different recording times
        // A trailing slash in the input path changes nothing.
        let c = try BuildReader.read(path: first.path("MyApp.app/"))
        #expect(c.sourceName == "MyApp.app")
        #expect(try storeA.record(c, options: options(3)).wasAlreadyRecorded)
    }

    @Test func zipEntryOrderDoesNotChangeTheTree() throws {
        let scratch = try ScratchDirectory()
        let ipa = FixtureBuilder.iOSApp().ipa()
        var forward = ipa.zipWriter()
        try forward.write(to: scratch.path("A.ipa"))
        forward.entries.reverse()
        try forward.write(to: scratch.path("B.ipa"))
        try ipa.writeZip(to: scratch.path("C.ipa"), method: .stored)
        var trees: Set<String> = []
        for name in ["A.ipa", "B.ipa", "C.ipa"] {
            let repo = scratch.path(name + ".git")
            _ = try HistoryStore.open(at: repo, create: true)
                .record(try BuildReader.read(path: scratch.path(name)), options: options())
            trees.insert(try runGit(["rev-parse", "HEAD^{tree}"], in: repo).out)
        }
        #expect(trees.count == 1)
    }

    @Test func identicalBuildIsNotRecordedTwiceUnlessAllowed() throws {
        let scratch = try ScratchDirectory()
        let snapshot = try BuildReader.read(path: try FixtureBuilder.iOSApp().writeDirectory(in: scratch.path))
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        let first = try store.record(snapshot, options: options(100))
        let second = try store.record(snapshot, options: options(200))
        #expect(second.wasAlreadyRecorded)
        #expect(second.build.commit == first.build.commit)
        #expect(second.tagsWritten.isEmpty)
        #expect(try store.builds(app: nil, channel: nil).count == 1)
        let third = try store.record(snapshot, options: options(300, allowDuplicate: true))
        #expect(!third.wasAlreadyRecorded)
        #expect(third.build.commit != first.build.commit)
        #expect(try store.builds(app: nil, channel: nil).count == 2)
        // Same version and build on a new commit: the version tag gets `#2`; the content is
        // the same, so it is no collision.
        #expect(third.versionTag == "com.example.myapp@1.0+1#2")
        #expect(!third.versionTagCollided)
        var other = FixtureBuilder.iOSApp()
        other.setFile("MyApp.app/extra.txt", "other content")
        let fourth = try store.record(try BuildReader.read(path: try other.writeDirectory(in: scratch.path, named: "o") + "/MyApp.app"),
                                      options: options(400))
        #expect(fourth.versionTag == "com.example.myapp@1.0+1#3")
        #expect(fourth.versionTagCollided)
        try expectFsckClean(repo)
    }

    @Test func readingBackGivesAnEqualSnapshotForEveryInputKind() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("h.git")
        let store = try HistoryStore.open(at: repo, create: true)
        var inputs: [String] = []
        inputs.append(try FixtureBuilder.macApp().writeDirectory(in: scratch.path))
        inputs.append(try FixtureBuilder.iOSApp(name: "Zipped", identifier: "com.example.zipped").ipa()
            .writeZip(to: scratch.path("Zipped.ipa")))
        inputs.append(try FixtureBuilder.xcarchive(app: FixtureBuilder.iOSApp(name: "Arch", identifier: "com.example.arch"))
            .writeDirectory(in: scratch.path, named: "Arch.xcarchive"))
        inputs.append(try FixtureBuilder.versionedFramework().writeZip(to: scratch.path("Kit.framework.zip")))
        var time: Int64 = 10
        for input in inputs {
            let snapshot = try BuildReader.read(path: input)
            time += 1
            let result = try store.record(snapshot, options: options(time))
            let back = try store.snapshot(of: result.build)
            #expect(back.entries == snapshot.entries, "\(input)")
            #expect(back.plists == snapshot.plists, "\(input)")
            #expect(back.bundles == snapshot.bundles, "\(input)")
            #expect(back.sourceKind == snapshot.sourceKind, "\(input)")
            #expect(back.sourceName == snapshot.sourceName, "\(input)")
        }
        try expectFsckClean(repo)
    }
}
