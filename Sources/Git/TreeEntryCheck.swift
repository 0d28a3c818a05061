import TextSafety

/// What `git fsck --strict` refuses in a tree, for trees that come from elsewhere (a
/// remote): bundlediff adopts no object that would make its history fail fsck.
enum TreeEntryCheck {
    /// Why `entries` (a tree, in its stored order) is not a valid tree, or nil.
    static func problem(in entries: [TreeEntry]) -> String? {
        for (i, entry) in entries.enumerated() {
            if let why = nameProblem(entry.name) { return why }
            if expectedType(entry.mode) == nil { return "entry \(quoted(entry.name)) has mode \(entry.mode), which git does not allow" }
            if i > 0 {
                let order = gitOrder(entries[i - 1], entry)
                if order == 0 { return "two entries named \(quoted(entry.name))" }
                if order > 0 { return "entries out of git's order at \(quoted(entry.name))" }
            }
        }
        return nil
    }

    /// The object type a tree entry's mode requires, or nil for a mode git refuses
    /// (gitlinks included: a build never holds a submodule).
    static func expectedType(_ mode: FileMode) -> ObjectKind? {
        switch mode {
        case .tree: .tree
        case .blob, .executable, .symlink: .blob
        default: nil
        }
    }

    /// fsck's name checks: empty, `.`, `..`, a `/`, a NUL, and `.git` in any spelling that
    /// a case-insensitive, HFS+ or NTFS file system would open as `.git`.
    static func nameProblem(_ name: [UInt8]) -> String? {
        if name.isEmpty { return "an entry has an empty name" }
        if name == [0x2E] || name == [0x2E, 0x2E] { return "an entry is named \(quoted(name))" }
        if name.contains(0x2F) || name.contains(0) { return "entry \(quoted(name)) holds a '/' or a NUL" }
        if isDotGit(name) { return "entry \(quoted(name)) would be read as .git" }
        return nil
    }

    private static func isDotGit(_ name: [UInt8]) -> Bool {
        // HFS+ ignores these code points in names; compare without them, case-insensitively.
        let ignorable: (Unicode.Scalar) -> Bool = { s in
            (0x200C...0x200F).contains(s.value) || (0x202A...0x202E).contains(s.value)
                || (0x206A...0x206F).contains(s.value) || s.value == 0xFEFF
        }
        let text = String(decoding: name, as: UTF8.self)
        let folded = String(String.UnicodeScalarView(text.unicodeScalars.filter { !ignorable($0) })).lowercased()
        if folded == ".git" { return true }
        // NTFS: trailing dots and spaces vanish, `git~1` is the short name, `:` starts a stream.
        var ntfs = Substring(folded)
        if let colon = ntfs.firstIndex(of: ":") { ntfs = ntfs[..<colon] }
        while let last = ntfs.last, last == "." || last == " " { ntfs = ntfs.dropLast() }
        return ntfs == ".git" || ntfs == "git~1"
    }

    /// git's tree order: bytes, with a subtree compared as if its name ended in `/`.
    private static func gitOrder(_ a: TreeEntry, _ b: TreeEntry) -> Int {
        let ka = a.name + (a.mode == .tree ? [0x2F] : []), kb = b.name + (b.mode == .tree ? [0x2F] : [])
        if a.name == b.name { return 0 }
        return ka.lexicographicallyPrecedes(kb) ? -1 : 1
    }

    static func quoted(_ name: [UInt8]) -> String {
        "'" + VisibleText.escape(bytes: Array(name.prefix(80))) + (name.count > 80 ? "…" : "") + "'"
    }
}
