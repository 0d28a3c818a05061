import BundleModel
import Comparison
import Testing

/// `SnapshotIndex` paints each bundle's run of entries, outermost first; its owners are the
/// one rule of which bundle a file belongs to (`InnermostBundleCache`), asked entry by entry.
@Suite struct SnapshotIndexOwnerTests {
    /// Every entry's owner in `index` is the innermost bundle containing the entry's folder.
    static func expectOwnersAreTheInnermostBundles(_ snapshot: BuildSnapshot, _ source: SourceLocation = #_sourceLocation) {
        let index = SnapshotIndex(snapshot)
        var innermost = InnermostBundleCache(bundles: Set(index.bundles.map(\.path)))
        for entry in snapshot.entries {
            let expected = entry.path.isRoot ? nil : innermost.innermost(entry.path.parent)
            #expect(index.owner(of: entry.path)?.path == expected, "\(entry.path)", sourceLocation: source)
        }
    }

    @Test func nestedBundlesOwnTheirRunsAndTheirContainersTheRest() {
        let build = TestBuild(app: "Payload/A.app")
            .bundle("Payload/A.app/Frameworks/F.framework", kind: .framework, id: "com.example.f")
            .bundle("Payload/A.app/Frameworks/F.framework/R.bundle", kind: .other, id: "com.example.r")
            .bundle("Payload/A.app/PlugIns/E.appex", kind: .appex, id: "com.example.e")
            .files(["Payload/A.app/a.txt": "a", "Payload/A.app/Frameworks/F.framework/F": "f",
                    "Payload/A.app/Frameworks/F.framework/R.bundle/r.png": "r",
                    "Payload/A.app/Frameworks/F.framework-extra/x": "x",
                    "Payload/A.app/Frameworks/F.framework0": "0",
                    "Payload/A.app/PlugIns/E.appex/E": "e", "Payload/A.app.txt": "t",
                    "SwiftSupport/iphoneos/libswiftCore.dylib": "core", "iTunesMetadata.plist": "meta"])
        Self.expectOwnersAreTheInnermostBundles(build.snapshot)
        let index = SnapshotIndex(build.snapshot)
        #expect(index.owner(of: BundlePath("Payload/A.app/Frameworks/F.framework"))?.path == BundlePath("Payload/A.app"))
        #expect(index.owner(of: BundlePath("Payload/A.app/Frameworks/F.framework/R.bundle/r.png"))?.path
                == BundlePath("Payload/A.app/Frameworks/F.framework/R.bundle"))
        #expect(index.owner(of: BundlePath("Payload/A.app/Frameworks/F.framework0"))?.path == BundlePath("Payload/A.app"))
        #expect(index.owner(of: BundlePath("Payload/A.app.txt")) == nil)
    }

    @Test func aBuildWithoutBundlesIsOwnedByTheRootBundle() {
        var build = TestBuild()
        build.bundles = []
        Self.expectOwnersAreTheInnermostBundles(build.files(["en.lproj/a.strings": "x", "b.txt": "y"]).snapshot)
    }
}
