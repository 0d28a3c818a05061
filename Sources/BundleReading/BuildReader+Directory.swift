import BundleModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Stores
import PropertyLists

extension BuildReader {
    /// A bundle directory (rooted at its own name), an `.xcarchive` (rooted at its
    /// content) or an unpacked ipa folder holding `Payload/` (rooted at its content).
    static func readDirectory(_ raw: [UInt8], display: String, name: String,
                              options: ReadOptions) throws(InputError) -> BuildSnapshot {
        let nameBytes = Array(name.utf8)
        let prefix: BundlePath
        let rule: MainBundleRule
        let kind: BuildSnapshot.SourceKind
        let lower = name.lowercased()
        if BundleScanner.kind(of: BundlePath(bytes: nameBytes)) != nil {
            prefix = BundlePath(bytes: nameBytes)
            rule = .root(prefix)
            kind = .directory
        } else if lower.hasSuffix(".xcarchive") || (has(raw, "Info.plist", Posix.typeRegular)
                                                    && has(raw, "Products", Posix.typeDirectory)) {
            prefix = .root
            rule = .archive
            kind = .xcarchive
        } else if has(raw, "Payload", Posix.typeDirectory) {
            prefix = .root
            rule = .payload(.root)
            kind = .directory
        } else {
            throw notABundle(display)
        }
        let walker = DirectoryWalker(rootPath: raw, prefix: prefix, limits: options.limits)
        let walked = try walker.walk()
        let main = try mainBundlePath(rule, entries: walked.entries, display: display)
        let content = try readContent(walker, walked, options: options, display: display)
        let bundles = BundleScanner.bundles(entries: content.entries, plists: content.plists)
        try validateMainBundle(main, entries: content.entries, plists: content.plists, display: display)
        return BuildSnapshot(sourceKind: kind, sourceName: name, entries: EntryList(content.entries), plists: content.plists,
                             bundles: bundles, stores: content.stores,
                             machO: content.machO.files, machOUnreadable: content.machO.unreadable)
    }

    /// Hashes the files a walk listed (decoding the property lists among them) and
    /// returns the sorted entries with their digests, the decoded property lists and the
    /// Mach-O facts, and the facts of the SQLite stores among them.
    static func readContent(_ walker: DirectoryWalker, _ walked: DirectoryWalker.Result, options: ReadOptions,
                            display: String) throws(InputError)
        -> (entries: [FileEntry], plists: [BundlePath: DecodedPlist], machO: MachOFacts, stores: [BundlePath: StoreFacts]) {
        let jobs = walked.files.map { ContentJob(path: walked.entries[$0.entryIndex].path, size: $0.size) }
        let source = DirectorySource(walker: walker, files: walked.files)
        let outcomes = try ContentPipeline.run(source, jobs: jobs, options: options, file: display)
        let (entries, plists, machO) = assemble(walked.entries, jobEntries: walked.files.map(\.entryIndex), outcomes: outcomes)
        return (entries, plists, machO,
                readStores(walker: walker, walked: walked, outcomes: outcomes, limits: options.storeLimits))
    }

    /// Whether `dir/name` exists with the given file type (not following a final symlink).
    static func has(_ dir: [UInt8], _ name: String, _ type: UInt32) -> Bool {
        var st = stat()
        let path = dir + [UInt8(ascii: "/")] + Array(name.utf8)
        let rc = Posix.withCString(path) { lstat($0, &st) }
        return rc == 0 && UInt32(st.st_mode) & Posix.typeMask == type
    }
}
