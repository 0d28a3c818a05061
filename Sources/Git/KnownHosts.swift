#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import COpenSSL
import FoundationEssentials

/// SSH host keys from `known_hosts` files (OpenSSH's format: plain, wildcard, negated and
/// hashed `|1|salt|hash` host patterns). libgit2 1.5 trusts no SSH host key by itself,
/// so bundlediff checks them here.
struct KnownHosts {
    enum Verdict: Equatable {
        case trusted
        /// The host is listed, with other keys: possibly someone in the middle.
        case mismatch
        /// The host is not listed.
        case unknown
    }

    /// The files read, in order.
    let files: [String]

    /// `$BUNDLEDIFF_SSH_KNOWN_HOSTS` when set, else `~/.ssh/known_hosts` and
    /// `/etc/ssh/ssh_known_hosts`.
    static func files(environment: [String: String]) -> [String] {
        if let file = environment["BUNDLEDIFF_SSH_KNOWN_HOSTS"], !file.isEmpty { return [file] }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.accountHome()
        return [home + "/.ssh/known_hosts", "/etc/ssh/ssh_known_hosts"]
    }

    /// The account's home folder from the user database, for when `HOME` is unset.
    private static func accountHome() -> String {
        var record = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16 << 10)
        guard getpwuid_r(getuid(), &record, &buffer, buffer.count, &found) == 0, found != nil,
              let directory = record.pw_dir else { return "/" }
        return String(cString: directory)
    }

    func verify(host: String, port: Int, key: [UInt8]) -> Verdict {
        let name = port == 22 ? host.lowercased() : "[\(host.lowercased())]:\(port)"
        var listed = false
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            for line in text.split(whereSeparator: \.isNewline) {
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count >= 3, !fields[0].hasPrefix("#") else { continue }
                let revoked = fields[0] == "@revoked"
                if fields[0].hasPrefix("@") && !revoked { continue }  // @cert-authority: not supported
                let entry = revoked ? Array(fields.dropFirst()) : Array(fields)
                guard entry.count >= 3, Self.matches(String(entry[0]), name: name) else { continue }
                let sameKey = Data(base64Encoded: String(entry[2])).map { [UInt8]($0) == key } ?? false
                if revoked && sameKey { return .mismatch }
                if sameKey && !revoked { return .trusted }
                if !revoked { listed = true }
            }
        }
        return listed ? .mismatch : .unknown
    }

    /// Whether a comma-separated host pattern list names `name`.
    static func matches(_ patterns: String, name: String) -> Bool {
        if patterns.hasPrefix("|1|") { return hashedMatch(patterns, name: name) }
        var matched = false
        for pattern in patterns.lowercased().split(separator: ",") {
            let negated = pattern.hasPrefix("!")
            let glob = String(negated ? pattern.dropFirst() : pattern[...])
            if wildcardMatch(Array(glob.utf8)[...], Array(name.utf8)[...]) {
                if negated { return false }
                matched = true
            }
        }
        return matched
    }

    /// OpenSSH's host patterns: `*` any run, `?` any one byte, everything else literal
    /// (so `[host]:port` is plain text, not a bracket expression).
    static func wildcardMatch(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        if first == UInt8(ascii: "*") {
            var rest = name
            while true {
                if wildcardMatch(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let head = name.first, first == UInt8(ascii: "?") || first == head else { return false }
        return wildcardMatch(pattern.dropFirst(), name.dropFirst())
    }

    /// `|1|<base64 salt>|<base64 HMAC-SHA1(salt, name)>`.
    static func hashedMatch(_ pattern: String, name: String) -> Bool {
        let parts = pattern.split(separator: "|", omittingEmptySubsequences: true)
        guard parts.count == 3, let salt = Data(base64Encoded: String(parts[1])),
              let hash = Data(base64Encoded: String(parts[2])) else { return false }
        return hmacSHA1(key: [UInt8](salt), message: Array(name.utf8)) == [UInt8](hash)
    }

    static func hmacSHA1(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? sha1(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = sha1(block.map { $0 ^ 0x36 } + message)
        return sha1(block.map { $0 ^ 0x5c } + inner)
    }

    private static func sha1(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 20)
        var length: UInt32 = 0
        _ = bytes.withUnsafeBytes { EVP_Digest($0.baseAddress, $0.count, &out, &length, EVP_sha1(), nil) }
        return out
    }
}
