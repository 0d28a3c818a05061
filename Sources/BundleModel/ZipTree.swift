/// Turns a zip's central directory into recorded entries: names validated (no `..`,
/// absolute, backslash, empty, duplicate), `__MACOSX/` skipped, implicit parent
/// directories added, limits enforced. Content is read later.
struct ZipTree {
    /// Recorded entries (unsorted); files and symlinks still lack digest and target.
    var entries: [FileEntry] = []
    /// For each file or symlink entry: (index into `entries`, index into the archive's entries).
    var contents: [(entry: Int, zip: Int)] = []

    static func build(_ archive: ZipArchive, limits: ReadOptions.Limits) throws(InputError) -> ZipTree {
        var tree = ZipTree()
        var kinds: [BundlePath: FileEntry.Kind] = [:]
        var total: UInt64 = 0
        let fail = { (problem: String) in InputError(file: archive.displayName, problem) }
        for (zipIndex, entry) in archive.entries.enumerated() {
            let components = try validatedComponents(entry, fail: fail)
            if components.first == Array("__MACOSX".utf8) { continue }
            guard components.count <= limits.maxPathDepth else {
                throw fail("entry \(entry.displayName): nested too deeply (more than \(limits.maxPathDepth) levels)")
            }
            let path = BundlePath(bytes: Array(components.joined(separator: [UInt8(ascii: "/")])))
            guard kinds[path] == nil else { throw fail("duplicate entry name \(entry.displayName)") }
            let kind: FileEntry.Kind = entry.isDirectory ? .directory : entry.isSymlink ? .symlink : .file
            if kind != .directory {
                guard !entry.isEncrypted else { throw fail("entry \(entry.displayName): encrypted entries are not supported") }
                guard entry.method == ZipEntry.methodStored || entry.method == ZipEntry.methodDeflate else {
                    throw fail("entry \(entry.displayName): unsupported compression method \(entry.method)")
                }
                let (sum, overflow) = total.addingReportingOverflow(entry.uncompressedSize)
                guard !overflow, sum <= limits.maxTotalBytes else {
                    throw fail("expands to more than \(limits.maxTotalBytes) bytes (the limit); zip bomb?")
                }
                total = sum
                tree.contents.append((tree.entries.count, zipIndex))
            }
            kinds[path] = kind
            tree.entries.append(FileEntry(path: path, kind: kind,
                                          size: kind == .directory ? 0 : entry.uncompressedSize,
                                          isExecutable: kind == .file && entry.isExecutable))
            guard tree.entries.count <= limits.maxEntries else {
                throw fail("has more than \(limits.maxEntries) entries (the limit)")
            }
        }
        try tree.addParents(&kinds, limits: limits, fail: fail)
        return tree
    }

    /// Adds the directories that entries imply but the archive does not list.
    private mutating func addParents(_ kinds: inout [BundlePath: FileEntry.Kind], limits: ReadOptions.Limits,
                                     fail: (String) -> InputError) throws(InputError) {
        for entry in entries {
            var parent = entry.path.parent
            while !parent.isRoot {
                if let kind = kinds[parent] {
                    guard kind == .directory else {
                        throw fail("entry '\(entry.path)' lies inside '\(parent)', which is not a directory")
                    }
                    break
                }
                kinds[parent] = .directory
                entries.append(FileEntry(path: parent, kind: .directory))
                guard entries.count <= limits.maxEntries else {
                    throw fail("has more than \(limits.maxEntries) entries (the limit)")
                }
                parent = parent.parent
            }
        }
    }

    /// The name's components, or an error for names that could escape or confuse.
    private static func validatedComponents(_ entry: ZipEntry,
                                            fail: (String) -> InputError) throws(InputError) -> [[UInt8]] {
        var name = entry.name
        let slash = UInt8(ascii: "/")
        guard !name.isEmpty else { throw fail("entry with an empty name") }
        guard name.first != slash else { throw fail("entry \(entry.displayName): absolute path") }
        guard !name.contains(UInt8(ascii: "\\")) else {
            throw fail("entry \(entry.displayName): name contains a backslash")
        }
        guard !name.contains(0) else { throw fail("entry \(entry.displayName): name contains a NUL byte") }
        if name.last == slash { name.removeLast() }
        let components = name.split(separator: slash, omittingEmptySubsequences: false).map(Array.init)
        for component in components {
            if component == [0x2E, 0x2E] { throw fail("entry \(entry.displayName): path has a '..' component") }
            if component.isEmpty || component == [0x2E] {
                throw fail("entry \(entry.displayName): path has an empty or '.' component")
            }
        }
        return components
    }
}
