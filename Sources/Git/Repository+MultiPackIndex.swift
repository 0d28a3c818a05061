#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibgit2
import FoundationEssentials

extension Repository {
    /// Packs in `objects/pack` and how many of them the `multi-pack-index` covers (0
    /// without one). Its header holds the pack count as a big-endian UInt32 at offset 8.
    public func packIndexCoverage() -> (packs: Int, covered: Int) {
        let folder = path + "/objects/pack"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let packs = names.filter { $0.hasSuffix(".pack") }.count
        #if canImport(Glibc)
        let fd = Glibc.open(folder + "/multi-pack-index", O_RDONLY | O_CLOEXEC)
        #else
        let fd = Darwin.open(folder + "/multi-pack-index", O_RDONLY | O_CLOEXEC)
        #endif
        guard fd >= 0 else { return (packs, 0) }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 12)
        guard header.withUnsafeMutableBytes({ pread(fd, $0.baseAddress, $0.count, 0) }) == 12 else { return (packs, 0) }
        guard header.count == 12, header.starts(with: Array("MIDX".utf8)) else { return (packs, 0) }
        let covered = header[8..<12].reduce(0) { $0 << 8 | Int($1) }
        return (packs, covered)
    }

    /// Writes `objects/pack/multi-pack-index` over every pack (libgit2 writes it to a lock
    /// file and renames it into place), so that finding an object takes one binary search
    /// instead of one per pack. Git and libgit2 use it when present and search packs it
    /// does not cover on their own, so a stale index is still correct.
    public func writeMultiPackIndex() throws(GitError) {
        try withODB { (odb) throws(GitError) in
            try check(git_odb_refresh(odb), "refresh object database")
            try check(git_odb_write_multi_pack_index(odb), "write multi-pack-index")
        }
    }
}
