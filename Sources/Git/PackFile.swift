#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One pack in `objects/pack`: its name without the extension (`pack-<hash>`) and how many
/// objects its index lists. Read from the version-2 `.idx` header (magic `\377tOc`,
/// version 2, then 256 big-endian fan-out counts; the last is the object count).
public struct PackFile: Sendable, Equatable {
    /// `pack-<hash>`: `<name>.pack` and `<name>.idx` in the pack folder.
    public let name: String
    /// The number of objects in the pack.
    public let objects: Int
    /// Whether a `<name>.keep` file asks that the pack never be repacked.
    public let isKept: Bool

    /// A pack as its index describes it.
    public init(name: String, objects: Int, isKept: Bool = false) {
        self.name = name
        self.objects = objects
        self.isKept = isKept
    }

    /// Reads the header of `<folder>/<name>.idx`; nil when it is missing, unreadable or
    /// not a version-2 index (then the pack is left alone).
    static func read(folder: String, name: String) -> PackFile? {
        let fd = open(folder + "/" + name + ".idx", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 8 + 256 * 4)
        let got = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard got == header.count, header.starts(with: [0xff, 0x74, 0x4f, 0x63, 0, 0, 0, 2]) else { return nil }
        let count = header[(header.count - 4)...].reduce(0) { $0 << 8 | Int($1) }
        let kept = access(folder + "/" + name + ".keep", F_OK) == 0
        return PackFile(name: name, objects: count, isKept: kept)
    }

    /// The ids of every object in the pack, in the index's (sorted) order.
    func objectIDs(folder: String) throws(GitError) -> [ObjectID] {
        let path = folder + "/" + name + ".idx"
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.failure(path, "cannot open it") }
        defer { close(fd) }
        let start = 8 + 256 * 4
        var names = [UInt8](repeating: 0, count: objects * 20)
        var done = 0
        while done < names.count {
            let got = names.withUnsafeMutableBytes { pread(fd, $0.baseAddress.map { $0 + done }, $0.count - done, off_t(start + done)) }
            guard got > 0 else { throw Self.failure(path, "it is shorter than its object count says") }
            done += got
        }
        return (0..<objects).compactMap { i in ObjectID(bytes: names[(i * 20)..<(i * 20 + 20)]) }
    }

    private static func failure(_ path: String, _ why: String) -> GitError {
        GitError(code: .other(-1), operation: "repack", message: "\(path): \(why)")
    }
}
