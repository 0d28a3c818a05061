import BundleModel

extension BuildReader {
    /// An `.ipa` or a zip holding bundles, read in place: entries mirrored from the
    /// archive root, content inflated in parallel with `pread`; nothing is written to disk.
    static func readZip(_ raw: [UInt8], display: String, name: String,
                        options: ReadOptions) throws(InputError) -> BuildSnapshot {
        let archive = try ZipArchive.open(path: raw, displayName: display, limits: options.limits)
        let stamp = FileStamp(fd: archive.file.fd)
        var tree = try ZipTree.build(archive, limits: options.limits)
        let reader = ZipEntryReader(archive: archive)
        let isIPA = name.lowercased().hasSuffix(".ipa") || hasPayloadApp(tree.entries)
        let rule: MainBundleRule = isIPA ? .payload(payloadPrefix(tree.entries)) : .anyBundle
        let main = try mainBundlePath(rule, entries: tree.entries, display: display)
        var fileJobs: [(entry: Int, zip: Int)] = []
        for item in tree.contents {
            guard tree.entries[item.entry].kind == .symlink else {
                fileJobs.append(item)
                continue
            }
            tree.entries[item.entry].symlinkTarget = try symlinkTarget(archive.entries[item.zip], reader: reader)
        }
        let jobs = fileJobs.map { ContentJob(path: tree.entries[$0.entry].path,
                                             size: tree.entries[$0.entry].size) }
        let source = ZipSource(reader: reader, entries: fileJobs.map { archive.entries[$0.zip] })
        let outcomes: [ContentOutcome]
        do {
            outcomes = try ContentPipeline.run(source, jobs: jobs, options: options, file: display)
        } catch {
            try stamp?.checkUnchanged(fd: archive.file.fd, display: display)  // a write, not corruption
            throw error
        }
        try stamp?.checkUnchanged(fd: archive.file.fd, display: display)
        let (entries, plists, machO) = assemble(tree.entries, jobEntries: fileJobs.map(\.entry), outcomes: outcomes)
        let bundles = BundleScanner.bundles(entries: entries, plists: plists)
        try validateMainBundle(main, entries: entries, plists: plists, display: display)
        return BuildSnapshot(sourceKind: isIPA ? .ipa : .zip, sourceName: name, entries: EntryList(entries),
                             plists: plists, bundles: bundles, machO: machO.files, machOUnreadable: machO.unreadable)
    }

    /// A symlink entry's content is its target (at most 4 KiB).
    private static func symlinkTarget(_ entry: ZipEntry, reader: ZipEntryReader) throws(InputError) -> [UInt8] {
        guard entry.uncompressedSize <= 4096 else { throw reader.fail(entry, "symlink target is too long") }
        guard let worker = ZipEntryReader.Worker() else {
            throw InputError(file: reader.archive.displayName, "cannot start zlib (out of memory?)")
        }
        var target: [UInt8] = []
        try reader.read(entry, worker: worker) { target.append(contentsOf: $0) }
        guard !target.isEmpty, !target.contains(0) else { throw reader.fail(entry, "symlink has an invalid target") }
        return target
    }

    private static func hasPayloadApp(_ entries: [FileEntry]) -> Bool {
        entries.contains { entry in
            entry.kind == .directory && entry.path.components.count == 2
                && entry.path.components.first == Array("Payload".utf8)
                && BundleScanner.kind(of: entry.path) == .app
        }
    }

    /// Where `Payload/` sits: the archive root, or, when the root has none, inside a
    /// single top-level folder (an ipa zipped from its enclosing folder).
    private static func payloadPrefix(_ entries: [FileEntry]) -> BundlePath {
        let payload = Array("Payload".utf8)
        if entries.contains(where: { $0.path.bytes == payload }) { return .root }
        let nested = entries.filter { $0.kind == .directory && $0.path.components.count == 2
            && $0.path.name == payload }
        return nested.count == 1 ? nested[0].path.parent : .root
    }
}
