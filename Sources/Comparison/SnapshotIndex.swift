import BundleModel

/// Lookups over one snapshot: which bundle owns each entry, a bundle's own files, its
/// `.lproj` folders. Built once, hashing each path a few times; every lookup is a hash probe.
public struct SnapshotIndex: Sendable {
    public let snapshot: BuildSnapshot
    /// The snapshot's bundles; a build with no bundle at all (loose `.lproj` folders) gets
    /// one synthetic bundle at the root, so that every rule still has a place to look.
    public let bundles: [BundleInfo]
    let memo = SnapshotIndexMemo()
    /// The snapshot's entries sorted by path (the snapshot's own list: readers sort it).
    let sorted: EntryList
    /// The owner of each of `sorted`, as an index into `bundles` (-1: none).
    let owners: [Int32]
    private let filesByBundle: [BundlePath: EntryList]
    private let bytesByBundle: [BundlePath: UInt64]
    private let bundleByPath: [BundlePath: BundleInfo]
    /// Files and symlinks that no bundle owns (an archive's metadata, an ipa's
    /// SwiftSupport), sorted by path.
    public let outsideFiles: EntryList

    /// The synthetic bundle a build without bundles is given.
    public static func rootBundle() -> BundleInfo {
        BundleInfo(path: .root, kind: .other, layout: .flat, infoPlistPath: BundlePath("Info.plist"),
                   resourcesPath: .root)
    }

    public init(_ snapshot: BuildSnapshot) {
        self.snapshot = snapshot
        let bundles = snapshot.bundles.isEmpty ? [Self.rootBundle()] : snapshot.bundles
        self.bundles = bundles
        var byPath: [BundlePath: BundleInfo] = [:]
        for b in bundles { byPath[b.path] = b }
        bundleByPath = byPath
        let sorted = snapshot.entries.sortedByPath
        self.sorted = sorted
        // Each bundle owns what lies below its folder, which in path order is one run of
        // entries (`EntryList.run(below:)`), less the runs of the bundles nested in it: the runs
        // are painted outermost first, each nested one over its container's. Two binary
        // searches a bundle, where finding each entry's innermost bundle from its path cost
        // a recorded diff a tenth of its time.
        var owners = [Int32](repeating: -1, count: sorted.count)
        let outermostFirst = bundles.indices.sorted { (bundles[$0].path.depth, $0) < (bundles[$1].path.depth, $1) }
        owners.withUnsafeMutableBufferPointer { owners in
            for slot in outermostFirst {
                for k in sorted.run(below: bundles[slot].path) { owners[k] = Int32(slot) }
            }
        }
        // How many files each bundle owns (the last slot: none), so that each list is
        // made at its size once instead of grown by doubling (a copy and fresh pages at
        // each step, for a list of 20,000 entries).
        var counts = [Int](repeating: 0, count: bundles.count + 1)
        sorted.withPlaces { entries in
            for k in 0..<entries.count where entries[k].kind != .directory {
                counts[owners[k] >= 0 ? Int(owners[k]) : bundles.count] += 1
            }
        }
        var files = counts.map { count in
            var list: [Int32] = []
            list.reserveCapacity(count)
            return list
        }
        // Each bundle's bytes are summed while its files are listed: the reports' summary
        // asked for them afterwards, a second pass over every file of both builds.
        var bytes = [UInt64](repeating: 0, count: bundles.count + 1)
        sorted.withPlaces { entries in
            for k in 0..<entries.count where entries[k].kind != .directory {
                let owner = owners[k]
                let slot = owner >= 0 ? Int(owner) : bundles.count
                files[slot].append(Int32(k))
                bytes[slot] = FileEntry.addingFileBytes(kind: entries[k].kind, size: entries[k].size, to: bytes[slot])
            }
        }
        let outside = files.removeLast()
        var filesByBundle: [BundlePath: EntryList] = [:]
        var bytesByBundle: [BundlePath: UInt64] = [:]
        for (slot, list) in files.enumerated() where !list.isEmpty {
            filesByBundle[bundles[slot].path] = sorted.sublist(list)
            bytesByBundle[bundles[slot].path] = bytes[slot]
        }
        outsideFiles = sorted.sublist(outside)
        self.owners = owners
        self.filesByBundle = filesByBundle
        self.bytesByBundle = bytesByBundle
    }

    /// The innermost bundle that contains `path` (not the bundle directory itself); nil
    /// for a path that is not an entry of the build.
    public func owner(of path: BundlePath) -> BundleInfo? {
        let low = sorted.lowerBound(path)
        guard low < sorted.count, sorted[low].path == path, owners[low] >= 0 else { return nil }
        return bundles[Int(owners[low])]
    }

    /// How many files and symbolic links lie below `folder` (at any depth), by binary
    /// search over the sorted entries: the paths below `folder` are those from `folder/`
    /// up to `folder0` (`0` is the byte after `/`).
    public func fileCount(below folder: BundlePath) -> Int {
        fileCounts(below: [folder])[folder] ?? 0
    }

    /// `fileCount(below:)` of each of `folders`. Runs that together hold at most a quarter
    /// of the build are counted in place; else the build is counted once, then two
    /// look-ups a folder (counting each folder's run cost a move of a top folder's files a
    /// pass over the whole build), and a diff that moved a few small folders passes over
    /// their files only.
    public func fileCounts(below folders: some Sequence<BundlePath>) -> [BundlePath: Int] {
        let runs = folders.map { ($0, sorted.run(below: $0)) }
        var counts: [BundlePath: Int] = [:]
        counts.reserveCapacity(runs.count)
        guard runs.reduce(0, { $0 + $1.1.count }) > sorted.count / 4 else {
            sorted.withPlaces { entries in
                for (folder, range) in runs {
                    counts[folder] = range.reduce(0) { $0 + (entries[$1].kind != .directory && !entries[$1].path.isRoot ? 1 : 0) }
                }
            }
            return counts
        }
        let before = memo.filesBefore {
            var counts: [Int32] = [0]
            counts.reserveCapacity(sorted.count + 1)
            var files: Int32 = 0
            sorted.withPlaces { entries in
                for k in 0..<entries.count {
                    if entries[k].kind != .directory && !entries[k].path.isRoot { files += 1 }
                    counts.append(files)
                }
            }
            return counts
        }
        for (folder, range) in runs { counts[folder] = Int(before[range.upperBound] - before[range.lowerBound]) }
        return counts
    }

    /// The entry at `path`, by binary search over the sorted entries.
    public func entry(at path: BundlePath) -> FileEntry? {
        let low = sorted.lowerBound(path)
        return low < sorted.count && sorted[low].path == path ? sorted[low] : nil
    }

    /// The entries sorted by path (the seal walk takes each sealed bundle's run of them).
    public var sortedEntries: EntryList { sorted }

    /// The bundle at `path`.
    public func bundle(at path: BundlePath) -> BundleInfo? { bundleByPath[path] }

    /// Files and symlinks that belong to `bundle` itself (nested bundles excluded), sorted by
    /// path (the index sorts a snapshot whose entries are not).
    public func files(of bundle: BundleInfo) -> EntryList { filesByBundle[bundle.path] ?? [] }

    /// The bytes of `files(of: bundle)` (`FileEntry.addingFileBytes`, saturating), summed
    /// when the index was made.
    public func fileBytes(of bundle: BundleInfo) -> UInt64 { bytesByBundle[bundle.path] ?? 0 }

    /// Works out the name keys that `entries(mayBeNamed:)` reads, of this build and of
    /// `earlier`, the first build of the comparison, now: on the other core while this one
    /// compares the builds, instead of in the first name filter the rules run (a pass over
    /// every entry's name, while the rules that need them wait). This build's entries that
    /// `earlier` has take the keys worked out for it, so only the changed folders' names are
    /// read here (`NameKeys.init(_:over:keys:)`). A recorded build's keys are kept in its
    /// facts, and read from there by the next command (`NameKeys.kept(for:in:make:)`).
    public func prepareNameKeys(after earlier: SnapshotIndex) {
        _ = memo.nameKeys {
            NameKeys.kept(for: sorted, in: snapshot.facts) {
                NameKeys(sorted, over: earlier.sorted, keys: earlier.nameKeys) ?? NameKeys(sorted)
            }
        }
    }

    /// The entries, sorted by path, whose name may be one of `names` (each a name, or an
    /// ending such as `.png` with no other `.`), in any ASCII case, or may start with `._`
    /// when `appleDouble` is set. A first look for the rules that look for a few names
    /// across the whole build (`NameKeys`): it passes every name their test accepts, and
    /// some others, so the rule's own test on each name still decides.
    public func entries(mayBeNamed names: [String], appleDouble: Bool = false) -> [FileEntry] {
        nameKeys.candidates(names, appleDouble: appleDouble).map { sorted[$0] }
    }

    /// `files(of:)` narrowed as `entries(mayBeNamed:)` narrows the build.
    public func files(of bundle: BundleInfo, mayBeNamed names: [String]) -> [FileEntry] {
        nameKeys.candidates(names, appleDouble: false).compactMap { i in
            sorted[i].kind != .directory && owners[i] >= 0 && bundles[Int(owners[i])].path == bundle.path ? sorted[i] : nil
        }
    }

    private var nameKeys: NameKeys { memo.nameKeys { NameKeys.kept(for: sorted, in: snapshot.facts) { NameKeys(sorted) } } }

    /// The outermost bundle that contains `bundle` (itself when it has no parent).
    public func outermost(of bundle: BundleInfo) -> BundleInfo {
        var current = bundle
        var steps = 0
        while let parent = current.parentPath, let next = bundleByPath[parent], steps < 64 {
            current = next
            steps += 1
        }
        return current
    }

    /// Every `.lproj` folder of `bundle` (not inside another `.lproj`), by full path.
    public func localizationFolders(of bundle: BundleInfo) -> [BundlePath] {
        localizedFiles(of: bundle).keys.sorted()
    }

    /// The entries below each `.lproj` folder of `bundle` (`localizationFolder(of:in:)`),
    /// in path order, by folder: one pass over the bundle's files, made once and kept.
    public func localizedFiles(of bundle: BundleInfo) -> [BundlePath: [FileEntry]] {
        memo.localizedFiles(of: bundle.path) {
            var out: [BundlePath: [FileEntry]] = [:]
            // The answer depends on the file's folder only, and a folder's files come one
            // after another: the previous file's folder answers the next without a scan.
            var previous: (file: Int, folder: BundlePath?)?
            files(of: bundle).withPlaces { files in
                for k in 0..<files.count {
                    let folder: BundlePath?
                    if let previous, ByteRun.sameParent(files[previous.file].path.bytes, files[k].path.bytes) {
                        folder = previous.folder
                    } else {
                        folder = Self.localizationFolder(of: files[k].path, in: bundle.path)
                        previous = (k, folder)
                    }
                    if let folder { out[folder, default: []].append(files[k]) }
                }
            }
            return out
        }
    }

    /// This index, with every bundle's `localizedFiles(of:)` worked out and kept (read from
    /// the folders kept in a recorded build's facts, `findLocalizedFiles`).
    public func findingLocalizedFiles() -> SnapshotIndex {
        findLocalizedFiles()
        return self
    }

    /// The `.lproj` folder `path` lies in below `bundle`: its first folder named `*.lproj`
    /// (the path's own name aside), or nil. Scans the bytes in place (no per-component
    /// arrays): this runs over every file of a bundle, for several rules.
    public static func localizationFolder(of path: BundlePath, in bundle: BundlePath) -> BundlePath? {
        guard path.isWithin(bundle) else { return nil }
        let bytes = path.bytes
        let suffix = lprojSuffix
        var start = bundle.isRoot ? 0 : bundle.bytes.count + 1
        // Every component but the last (the file's own name).
        while start < bytes.count, let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) {
            if end - start > suffix.count, bytes[(end - suffix.count)..<end].elementsEqual(suffix) {
                return BundlePath(bytes: Array(bytes[..<end]))
            }
            start = end + 1
        }
        return nil
    }

    private static let lprojSuffix = Array(".lproj".utf8)

    /// Localization names (folder names without `.lproj`) of `bundle`, sorted and unique.
    public func localizations(of bundle: BundleInfo) -> [String] {
        var names = Set(bundle.localizations)
        for folder in localizationFolders(of: bundle) {
            names.insert(LanguageCode.folderLanguage(folder.nameString))
        }
        return names.sorted()
    }
}
