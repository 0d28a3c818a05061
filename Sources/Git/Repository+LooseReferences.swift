import CLibgit2
import FoundationEssentials

extension Repository {
    /// The loose reference files below `prefix` (`refs/heads`) that do not parse. libgit2's
    /// iterators skip such a file without a word, so a damaged branch would read as no
    /// branch at all (and a gate as a first build).
    func unparsableLooseReferences(under prefix: String) -> [String] {
        let folder = path + "/" + prefix
        let fm = FileManager.default
        guard let names = try? fm.subpathsOfDirectory(atPath: folder) else { return [] }
        var out: [String] = []
        for rel in names.sorted() where !rel.hasSuffix(".lock") {
            var isDirectory = false
            guard fm.fileExists(atPath: folder + "/" + rel, isDirectory: &isDirectory), !isDirectory else { continue }
            let name = prefix + "/" + rel
            var ref: OpaquePointer?
            let status = git_reference_lookup(&ref, handle, name)
            git_reference_free(ref)
            if status != 0 && status != GIT_ENOTFOUND.rawValue { out.append(name) }
        }
        return out
    }
}
