import FoundationEssentials

/// A local remote (a path or `file://`) must be an existing git repository: libgit2's
/// own message for anything else is vague.
enum LocalRemoteCheck {
    static func verify(_ address: RemoteAddress) throws(RemoteError) {
        var path = address.url
        if address.transport == .file {
            path = String(path.dropFirst("file://".count))
            path = RemoteAddress.percentDecoded(path) ?? path
        }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RemoteError(.notARepository, remote: address.redacted, "no such directory")
        }
        guard isDirectory else {
            throw RemoteError(.notARepository, remote: address.redacted, "not a git repository (it is a file)")
        }
        do {
            _ = try Repository.open(at: path, objectWriting: .loose)
        } catch {
            throw RemoteError(.notARepository, remote: address.redacted, "not a git repository")
        }
    }
}
