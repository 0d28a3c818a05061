import BundleModel
import Foundation
import SnapshotStore
import Testing
import TestSupport

/// Data containers in the history: their own line, their own trailer, their own kind.
@Suite struct ContainerStoreTests {
    @Test func aContainerRoundTripsOnItsOwnLine() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("repo")
        let store = try HistoryStore.open(at: repo, create: true)
        let app = try FixtureBuilder.iOSApp(identifier: FixtureBuilder.containerApp, nested: false).writeDirectory(in: scratch.path)
        let build = try store.record(try BuildReader.read(path: app), options: options()).build
        let dir = try FixtureBuilder.dataContainer().writeDirectory(in: scratch.path, named: "data")
        let container = try ContainerReader.read(path: dir)
        var opts = options(1_700_000_100)
        opts.appBuild = build
        let result = try store.record(container, options: opts)
        #expect(result.ref == "refs/heads/\(FixtureBuilder.containerApp)/+container-main")
        #expect(result.versionTag == nil && result.build.tags.isEmpty, "a container gets no version tag")
        #expect(result.build.kind == .container && result.build.shortVersion == build.shortVersion)
        #expect(try store.builds(app: nil, channel: nil).map(\.commit) == [build.commit], "builds only by default")
        #expect(try store.builds(app: nil, channel: "main", kind: .container).map(\.commit) == [result.build.commit])
        #expect(try store.builds(app: nil, channel: nil, kind: nil).count == 2)
        #expect(try store.apps().map(\.channels) == [["main"]], "a container's line is no build channel")
        #expect(try store.resolve("latest", app: nil, channel: nil).commit == build.commit)
        let back = try store.snapshot(of: result.build)
        #expect(back.container == ContainerInfo(appIdentifier: FixtureBuilder.containerApp, layout: .simulator))
        #expect(back.entries == container.entries && back.plists == container.plists)
        let message = try runGit(["log", "-1", "--format=%B", result.build.commit], in: repo).out
        #expect(message.hasPrefix("\(FixtureBuilder.containerApp) 1.0 (1) container\n"), "\(message)")
        #expect(message.contains("\nBundlediff-Kind: container\n"), "\(message)")
        #expect(!(try runGit(["log", "-1", "--format=%B", build.commit], in: repo).out.contains("Bundlediff-Kind")),
                "builds keep the message they always had")
        try expectFsckClean(repo)
    }

    @Test func anUnknownKindIsNeverABuild() throws {
        let scratch = try ScratchDirectory()
        let repo = scratch.path("repo")
        let store = try HistoryStore.open(at: repo, create: true)
        let app = try FixtureBuilder.iOSApp(nested: false).writeDirectory(in: scratch.path)
        let build = try store.record(try BuildReader.read(path: app), options: options()).build
        // A later version's commit of another kind on the build line: skipped, never judged.
        let message = try runGit(["log", "-1", "--format=%B", build.commit], in: repo).out + "Bundlediff-Kind: future\n"
        let tree = try runGit(["rev-parse", build.commit + "^{tree}"], in: repo).out.trimmingCharacters(in: .whitespacesAndNewlines)
        let commit = try runGit(["-c", "user.name=a", "-c", "user.email=a@b", "commit-tree", tree, "-p", build.commit,
                                 "-m", message], in: repo).out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try runGit(["update-ref", "refs/heads/\(build.bundleId)/main", commit], in: repo).status == 0)
        #expect(try store.builds(app: nil, channel: nil).map(\.commit) == [build.commit])
        #expect(try store.builds(app: nil, channel: nil, kind: nil).map(\.commit) == [build.commit])
    }
}
