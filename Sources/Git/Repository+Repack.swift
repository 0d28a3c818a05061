#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CGitShim
import CLibgit2
import FoundationEssentials

extension Repository {
    /// The folder holding the packs.
    var packFolder: String { path + "/objects/pack" }

    /// Every complete pack in `objects/pack` (a `.pack` with a readable version-2 `.idx`).
    public func packFiles() -> [PackFile] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: packFolder) else { return [] }
        let packs = Set(names.filter { $0.hasSuffix(".pack") }.map { String($0.dropLast(5)) })
        return names.filter { $0.hasSuffix(".idx") }.map { String($0.dropLast(4)) }
            .filter { packs.contains($0) }.sorted()
            .compactMap { PackFile.read(folder: packFolder, name: $0) }
    }

    /// Merges `packs` into one new pack written by libgit2's pack builder (which also
    /// finds deltas between the objects), removes the multi-pack-index, then deletes the
    /// merged packs. Every object of a merged pack is in
    /// the new pack before any merged pack goes, so the repository holds every object
    /// throughout. A reader in another process that still lists a deleted pack (or
    /// the removed index) misses there and refreshes its object database (libgit2 on a
    /// miss, `readAgainAfterRefresh` on a read that reached a deleted pack through a
    /// multi-pack-index), then finds the object in the new pack (GeometricRepackTests).
    ///
    /// Call it only while no other process repacks (the history's writer lock); other
    /// writers may add packs meanwhile (they are left alone). Returns the new pack.
    @discardableResult
    public func rollUp(_ packs: [PackFile]) throws(GitError) -> PackFile? {
        guard packs.count > 1 else { return nil }
        let folder = packFolder
        // The pack builder lists every tag of its repository (to write tagged commits
        // first), one reference lookup per tag: thousands in a long history. It builds
        // over a repository of the same objects without references instead.
        var bare: OpaquePointer?
        try withODB { (odb) throws(GitError) in
            try check(bundlediff_git_repository_without_references(&bare, odb), "start repack")
        }
        defer { git_repository_free(bare) }
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, bare), "start repack")
        guard let builder else { throw GitError(code: .other(-1), operation: "start repack", message: "no pack builder") }
        defer { git_packbuilder_free(builder) }
        git_packbuilder_set_threads(builder, 1)
        for pack in packs {
            for id in try pack.objectIDs(folder: folder) {
                var oid = id.oid
                try check(git_packbuilder_insert(builder, &oid, nil), "repack \(id)")
            }
        }
        try check(git_packbuilder_write(builder, folder, 0, nil, nil), "write merged pack")
        guard let hash = git_packbuilder_name(builder).map({ String(cString: $0) }),
              let merged = PackFile.read(folder: folder, name: "pack-" + hash) else {
            throw GitError(code: .other(-1), operation: "repack", message: "the merged pack is not in \(folder)")
        }
        let gone = Set(packs.map(\.name)).subtracting([merged.name])
        // A multi-pack-index would name packs about to go. Rewriting it costs a pass over
        // every object in the history; with the packs in a geometric progression there
        // are few of them (about log2 of the object count), so it is removed instead.
        unlink(folder + "/multi-pack-index")
        for name in gone.sorted() {
            // The .pack first: a reader listing the folder skips an index without its pack.
            for ext in [".pack", ".idx", ".rev", ".bitmap"] { unlink(folder + "/" + name + ext) }
        }
        try withODB { (odb) throws(GitError) in try check(git_odb_refresh(odb), "refresh object database") }
        return merged
    }
}
