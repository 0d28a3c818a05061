import BundleModel
import Comparison

/// A tiny in-memory build: bundles and text files. The digest is the content itself, so
/// equal content means equal digest and nothing else does.
struct TestBuild {
    var bundles: [(path: String, kind: BundleInfo.Kind, id: String)] = []
    var files: [String: String] = [:]

    init(app: String = "A.app", id: String = "com.example.app") {
        bundles = [(app, .app, id)]
    }

    func bundle(_ path: String, kind: BundleInfo.Kind, id: String) -> TestBuild {
        var copy = self
        copy.bundles.append((path, kind, id))
        return copy
    }

    func files(_ more: [String: String]) -> TestBuild {
        var copy = self
        for (k, v) in more { copy.files[k] = v }
        return copy
    }

    var snapshot: BuildSnapshot {
        var entries: [BundlePath: FileEntry] = [:]
        for (path, content) in files {
            let p = BundlePath(path)
            let bytes = Array(content.utf8)
            entries[p] = FileEntry(path: p, kind: .file, size: UInt64(bytes.count), sha256: SHA256Digest.of(bytes))
            var parent = p.parent
            while !parent.isRoot, entries[parent] == nil {
                entries[parent] = FileEntry(path: parent, kind: .directory)
                parent = parent.parent
            }
        }
        for b in bundles where entries[BundlePath(b.path)] == nil {
            entries[BundlePath(b.path)] = FileEntry(path: BundlePath(b.path), kind: .directory)
        }
        let infos = bundles.map { b in
            let path = BundlePath(b.path)
            let parent = bundles.map { BundlePath($0.path) }.filter { $0 != path && path.isWithin($0) }.max()
            return BundleInfo(path: path, kind: b.kind, layout: .flat, infoPlistPath: path.appending("Info.plist"),
                              resourcesPath: path, parentPath: parent, identifier: b.id)
        }
        return BuildSnapshot(sourceKind: .directory, sourceName: "test", entries: EntryList(entries.values.sorted { $0.path < $1.path }),
                             plists: [:], bundles: infos)
    }

    static func compare(_ old: TestBuild, _ new: TestBuild) -> BuildComparison {
        Comparer.compare(old: old.snapshot, new: new.snapshot)
    }
}
