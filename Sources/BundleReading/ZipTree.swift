import BundleModel

/// Turns a zip's central directory into recorded entries: names validated (no `..`,
/// absolute, backslash, empty, duplicate), `__MACOSX/` skipped, implicit parent
/// directories added, limits enforced. Content is read later.
struct ZipTree {
    /// Recorded entries (unsorted); files and symlinks still lack digest and target.
    var entries: [FileEntry] = []
    /// For each file or symlink entry: (index into `entries`, index into the archive's entries).
    var contents: [(entry: Int, zip: Int)] = []
    /// The number of components of each entry's path.
    private var depths: [Int] = []

    static func build(_ archive: ZipArchive, limits: ReadOptions.Limits) throws(InputError) -> ZipTree {
        var tree = ZipTree()
        var kinds: [BundlePath: FileEntry.Kind] = [:]
        var budget = ReadBudget(limits: limits)
        let fail = { (problem: String) in InputError(file: archive.displayName, problem) }
        for (zipIndex, entry) in archive.entries.enumerated() {
            let components = try validatedComponents(entry, fail: fail)
            if components.first == Array("__MACOSX".utf8) { continue }
            let path = BundlePath(bytes: Array(components.joined(separator: [UInt8(ascii: "/")])))
            guard kinds[path] == nil else { throw fail("duplicate entry name \(entry.displayName)") }
            let kind: FileEntry.Kind = entry.isDirectory ? .directory : entry.isSymlink ? .symlink : .file
            if kind != .directory {
                guard !entry.isEncrypted else { throw fail("entry \(entry.displayName): encrypted entries are not supported") }
                guard entry.method == ZipEntry.methodStored || entry.method == ZipEntry.methodDeflate else {
                    throw fail("entry \(entry.displayName): " + ZipEntry.unsupportedMethod(entry.method))
                }
                tree.contents.append((tree.entries.count, zipIndex))
            }
            let size = kind == .directory ? 0 : entry.uncompressedSize
            try tree.add(FileEntry(path: path, kind: kind, size: size, isExecutable: kind == .file && entry.isExecutable),
                         depth: components.count, budget: &budget, fail: fail)
            kinds[path] = kind
        }
        try tree.addParents(&kinds, budget: &budget, fail: fail)
        return tree
    }

    /// Records `entry`, charging it to the build's budget.
    private mutating func add(_ entry: FileEntry, depth: Int, budget: inout ReadBudget,
                              fail: (String) -> InputError) throws(InputError) {
        if let exceeded = budget.charge(entry.path, depth: depth, kind: entry.kind, size: entry.size) {
            let message = budget.message(exceeded)
            throw fail(exceeded == .depth ? "entry '\(entry.path)': \(message)" : message)
        }
        entries.append(entry)
        depths.append(depth)
    }

    /// Adds the directories that entries imply but the archive does not list.
    private mutating func addParents(_ kinds: inout [BundlePath: FileEntry.Kind], budget: inout ReadBudget,
                                     fail: (String) -> InputError) throws(InputError) {
        var index = 0
        while index < entries.count {
            let entry = entries[index]
            index += 1
            let parent = entry.path.parent
            guard !parent.isRoot else { continue }
            if let kind = kinds[parent] {
                guard kind == .directory else {
                    throw fail("entry '\(entry.path)' lies inside '\(parent)', which is not a directory")
                }
                continue
            }
            // Appended, so its own parent is looked at in turn: one step per entry.
            kinds[parent] = .directory
            try add(FileEntry(path: parent, kind: .directory), depth: depths[index - 1] - 1, budget: &budget, fail: fail)
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
                throw fail("entry \(entry.displayName): path has an empty or '.' component (archive the bundle itself, "
                           + "e.g. `ditto -c -k --keepParent X.app X.zip`, not `.` from inside a folder)")
            }
        }
        return components
    }
}
