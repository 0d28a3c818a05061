import MachO

/// How two builds of one Mach-O file differ in what they link: libraries newly linked,
/// dropped or linked another way (weak, re-export, lazy, upward), and `LC_RPATH` lists.
///
/// Compared per architecture over the architectures both files have (a slice added or
/// dropped is another rule's business); said once for the whole file when every compared
/// slice agrees, per architecture only where they disagree. Files that share no
/// architecture are compared as the union of their slices. Static-library slices are not
/// compared (what they need is linked into the app that links them): a file with only those
/// on either side has no changes.
enum LinkChanges {
    /// The slices of each file keyed by the name they are compared under: the architecture,
    /// or `""` for all of them when the files share no architecture.
    static func keyedSlices(_ old: MachOFile, _ new: MachOFile) -> (old: [(String, MachOSlice)], new: [(String, MachOSlice)]) {
        let o = old.slices.filter { !$0.isStaticArchive }, n = new.slices.filter { !$0.isStaticArchive }
        guard !o.isEmpty, !n.isEmpty else { return ([], []) }
        let common = Set(o.map(\.architecture)).intersection(n.map(\.architecture))
        guard !common.isEmpty else { return (o.map { ("", $0) }, n.map { ("", $0) }) }
        return (o.filter { common.contains($0.architecture) }.map { ($0.architecture, $0) },
                n.filter { common.contains($0.architecture) }.map { ($0.architecture, $0) })
    }

    /// The libraries linked differently, grouped: `newly linked: a, b (weak)`, `dropped: c`,
    /// then one group per change of kind (`weak → load: d`; `load → weak on arm64, load on
    /// x86_64: e` where slices disagree), install names sorted in each; and how many.
    static func libraries(_ old: MachOFile, _ new: MachOFile) -> (count: Int, groups: [String]) {
        let (o, n) = keyedSlices(old, new)
        let keys = Set(o.map(\.0)).union(n.map(\.0))
        let was = kinds(o), now = kinds(n)
        var added: [String] = [], dropped: [String] = [], changed: [String: [String]] = [:]
        for path in Set(was.keys).union(now.keys).sorted() {
            let before = was[path] ?? [:], after = now[path] ?? [:]
            if before == after { continue }
            if before.isEmpty {
                added.append(path + (after == uniform("load", keys) ? "" : " (\(text(after, keys)))"))
            } else if after.isEmpty {
                dropped.append(path + (before == uniform("load", keys) ? "" : " (was \(text(before, keys)))"))
            } else {
                changed["\(text(before, keys)) → \(text(after, keys))", default: []].append(path)
            }
        }
        var groups: [String] = []
        if !added.isEmpty { groups.append("newly linked: " + added.joined(separator: ", ")) }
        if !dropped.isEmpty { groups.append("dropped: " + dropped.joined(separator: ", ")) }
        for (change, paths) in changed.sorted(by: { $0.key < $1.key }) {
            groups.append("\(change): " + paths.joined(separator: ", "))
        }
        return (added.count + dropped.count + changed.values.reduce(0) { $0 + $1.count }, groups)
    }

    /// For each install name, how each key's slices link it (`weak`; `load+weak` when one
    /// union of slices links it both ways).
    static func kinds(_ slices: [(String, MachOSlice)]) -> [String: [String: String]] {
        var sets: [String: [String: Set<String>]] = [:]
        for (key, slice) in slices {
            for library in slice.libraries { sets[library.path, default: [:]][key, default: []].insert(library.kind.rawValue) }
        }
        return sets.mapValues { $0.mapValues { $0.sorted().joined(separator: "+") } }
    }

    static func uniform(_ value: String, _ keys: Set<String>) -> [String: String] {
        Dictionary(uniqueKeysWithValues: keys.map { ($0, value) })
    }

    /// `weak` when every key has the same value, else `weak on arm64, load on x86_64`
    /// (a key missing from `values` does not link it there).
    static func text(_ values: [String: String], _ keys: Set<String>) -> String {
        if let first = values.values.first, values.count == keys.count, values.values.allSatisfy({ $0 == first }) {
            return first
        }
        return values.sorted { $0.key < $1.key }.map { "\($0.value) on \($0.key)" }.joined(separator: ", ")
    }

    /// The rpath changes: one description for the file when every compared slice changed
    /// the same way, else one per group of architectures (`on arm64: …`); empty when equal.
    static func rpaths(_ old: MachOFile, _ new: MachOFile) -> [String] {
        let (o, n) = keyedSlices(old, new)
        let was = rpathLists(o), now = rpathLists(n)
        var groups: [[String]: [String]] = [:]   // (description parts) -> keys
        for key in Set(was.keys).union(now.keys).sorted() {
            let parts = describe(was[key] ?? [], now[key] ?? [])
            if !parts.isEmpty { groups[parts, default: []].append(key) }
        }
        if groups.count == 1, let (parts, keys) = groups.first, keys.count == Set(was.keys).union(now.keys).count {
            return parts
        }
        return groups.sorted { $0.value.lexicographicallyPrecedes($1.value) }
            .map { "on \($0.value.joined(separator: ", ")): \($0.key.joined(separator: "; "))" }
    }

    /// Each key's rpaths in load-command order (a union of slices keeps first occurrences).
    static func rpathLists(_ slices: [(String, MachOSlice)]) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for (key, slice) in slices {
            for path in slice.rpaths {
                if key.isEmpty, out[key]?.contains(path) == true { continue }
                out[key, default: []].append(path)
            }
        }
        return out
    }

    /// `added: a, b`, `removed: c`, and `order a, b → b, a` when the kept ones moved (the
    /// order is what dyld searches).
    static func describe(_ old: [String], _ new: [String]) -> [String] {
        guard old != new else { return [] }
        let oldSet = Set(old), newSet = Set(new)
        let added = new.filter { !oldSet.contains($0) }, removed = old.filter { !newSet.contains($0) }
        var parts: [String] = []
        if !added.isEmpty { parts.append("added: " + added.joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("removed: " + removed.joined(separator: ", ")) }
        let keptOld = old.filter(newSet.contains), keptNew = new.filter(oldSet.contains)
        if keptOld != keptNew || parts.isEmpty {
            parts.append("order \(old.joined(separator: ", ")) → \(new.joined(separator: ", "))")
        }
        return parts
    }

    /// A slice for rule examples: `ExampleBuild.slice` linking `load` and `weak` install
    /// names, with `rpaths` and imported `symbols`.
    static func slice(_ cpu: MachOCPU = .arm64, platform: MachOPlatform = .iOS, load: [String] = [], weak: [String] = [],
                      rpaths: [String] = [], imports: [String] = []) -> MachOSlice {
        var s = ExampleBuild.slice(cpu, platform: platform, imports: imports)
        let v = MachOVersion(major: 1)
        s.libraries = (load.map { MachOLinkedLibrary(kind: .load, path: $0, compatibilityVersion: v, currentVersion: v) }
            + weak.map { MachOLinkedLibrary(kind: .weak, path: $0, compatibilityVersion: v, currentVersion: v) })
            .sorted { ($0.path, $0.kind.rawValue) < ($1.path, $1.kind.rawValue) }
        s.rpaths = rpaths
        return s
    }
}
