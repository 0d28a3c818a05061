import BundleModel
import Comparison
import Testing

/// `SnapshotIndex.outsideFiles`: the files no bundle owns, found while the index is built
/// (the comparison used to look every entry's owner up again to find them).
@Suite struct SnapshotIndexOutsideTests {
    @Test func outsideFilesAreTheUnownedFilesInOrder() {
        let build = TestBuild(app: "Payload/A.app")
            .bundle("Payload/A.app/Frameworks/F.framework", kind: .framework, id: "com.example.f")
            .files(["Payload/A.app/a.txt": "a", "Payload/A.app/Frameworks/F.framework/F": "f",
                    "SwiftSupport/iphoneos/libswiftCore.dylib": "core", "iTunesMetadata.plist": "meta",
                    "Symbols/x.symbols": "sym"])
        let index = SnapshotIndex(build.snapshot)
        #expect(index.outsideFiles.map(\.path) == [
            BundlePath("SwiftSupport/iphoneos/libswiftCore.dylib"), BundlePath("Symbols/x.symbols"),
            BundlePath("iTunesMetadata.plist"),
        ])
        // The same answer as asking each entry's owner, directories left out.
        let asked = build.snapshot.entries.filter { $0.kind != .directory && index.owner(of: $0.path) == nil }
        #expect(Array(index.outsideFiles) == asked)
    }

    @Test func aBuildWithoutBundlesHasNoOutsideFiles() {
        // Its synthetic root bundle owns every file.
        var build = TestBuild()
        build.bundles = []
        let index = SnapshotIndex(build.files(["en.lproj/a.strings": "x", "b.txt": "y"]).snapshot)
        #expect(index.outsideFiles.isEmpty)
    }
}
