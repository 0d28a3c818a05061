import BundleModel
#if canImport(Glibc)
import MachO
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PropertyLists

/// Reads a build into a `BuildSnapshot`: a bundle directory (`.app`, `.framework`, …),
/// an `.xcarchive`, an `.ipa` or a `.zip` holding bundles (read in place, never extracted).
///
/// Input kinds are told apart by what the path is (a directory's extension and contents,
/// a file's zip signature), not only by its name.
public enum BuildReader {
    /// Reads any supported input into a BuildSnapshot. Throws InputError (file + problem).
    public static func read(path: String, options: ReadOptions = .init()) throws(InputError) -> BuildSnapshot {
        let raw = Array(path.utf8)
        var st = stat()
        guard !raw.isEmpty else { throw InputError(file: path, "empty path") }
        let rc = Posix.withCString(raw) { stat($0, &st) }
        guard rc == 0 else {
            let code = errno
            if code == ENOENT { throw InputError(file: path, "does not exist") }
            throw InputError(file: path, "cannot be read: \(Posix.message(code))")
        }
        let name = inputName(path)
        switch UInt32(st.st_mode) & Posix.typeMask {
        case Posix.typeDirectory:
            return try readDirectory(raw, display: path, name: name, options: options)
        case Posix.typeRegular:
            guard isZip(raw, display: path, name: name) else { throw notABundle(path) }
            return try readZip(raw, display: path, name: name, options: options)
        default:
            throw InputError(file: path, Posix.describeSpecial(mode: UInt32(st.st_mode)) ?? "is not a regular file")
        }
    }

    static func notABundle(_ display: String) -> InputError {
        InputError(file: display, "not a bundle (expected .app, .ipa, .xcarchive, .framework, .xcframework, .appex, "
                   + ".bundle, .xctest, .xpc, .plugin, .kext, or a .zip of one)")
    }

    /// The last component of the path as the user typed it, resolving `.` and `..`.
    static func inputName(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let last = trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
        guard last == "." || last == ".." || last == "/" else { return last }
        guard let resolved = realpath(path, nil) else { return last }
        defer { free(resolved) }
        return String(cString: resolved).split(separator: "/").last.map(String.init) ?? last
    }

    /// A regular file is read as a zip when it starts with a zip signature, or when its
    /// name says zip/ipa (so a damaged one gets a zip error, not "not a bundle").
    private static func isZip(_ raw: [UInt8], display: String, name: String) -> Bool {
        let lower = name.lowercased()
        if lower.hasSuffix(".ipa") || lower.hasSuffix(".zip") { return true }
        let (fd, _) = Posix.openAt(AT_FDCWD, raw, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard let head = Posix.readBytes(fd, count: 4, at: 0) else { return false }
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }

    /// Fills digests, plists and Mach-O facts from the pipeline's outcomes and sorts the entries.
    static func assemble(_ entries: [FileEntry], jobEntries: [Int], outcomes: [ContentOutcome])
        -> (entries: [FileEntry], plists: [BundlePath: DecodedPlist], machO: MachOFacts) {
        var entries = entries
        var plists: [BundlePath: DecodedPlist] = [:]
        var machO = MachOFacts()
        for (job, entryIndex) in jobEntries.enumerated() where job < outcomes.count {
            entries[entryIndex].sha256 = outcomes[job].digest
            if let plist = outcomes[job].plist { plists[entries[entryIndex].path] = plist }
            switch outcomes[job].machO {
            case .success(let facts)?: machO.files[entries[entryIndex].path] = facts
            case .failure(let error)?: machO.unreadable[entries[entryIndex].path] = error.message
            case nil: break
            }
        }
        entries.sort { $0.path < $1.path }
        return (entries, plists, machO)
    }
}
