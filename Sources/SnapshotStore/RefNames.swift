import Git

/// Reference names of the history: `refs/heads/<app>/<channel>` and
/// `refs/tags/<app>@<short>+<build>[#n]`, with unsafe characters escaped as `%XX`.
enum RefNames {
    static let headsPrefix = "refs/heads/"
    static let tagsPrefix = "refs/tags/"

    static func branch(app: String, channel: String) -> String {
        headsPrefix + escapeComponent(app) + "/" + channel
    }

    /// The prefix of a data container's line, in place of a channel: `+` is never part of
    /// a channel name (see `isValidChannel`), so a container's line never meets a build's.
    static let containerPrefix = "+container-"

    /// `refs/heads/<app>/<channel>` for builds, `refs/heads/<app>/+container-<channel>`
    /// for data containers.
    static func branch(app: String, channel: String, kind: RecordedBuild.Kind) -> String {
        branch(app: app, channel: kind == .container ? containerPrefix + channel : channel)
    }

    /// The kind of snapshot a line named `channel` (the last part of its branch) holds,
    /// and the channel name a user gives for it.
    static func line(_ channel: String) -> (kind: RecordedBuild.Kind, channel: String) {
        channel.hasPrefix(containerPrefix) ? (.container, String(channel.dropFirst(containerPrefix.count)))
            : (.build, channel)
    }

    /// The version tag's short name (without `refs/tags/`); `n` > 1 adds `#n`.
    static func versionTag(app: String, shortVersion: String, build: String, n: Int) -> String {
        let base = escapeComponent(app) + "@" + escapeComponent(shortVersion) + "+" + escapeComponent(build)
        return n > 1 ? "\(base)#\(n)" : base
    }

    /// Splits `refs/heads/<app>/<channel>` into its parts; nil for other references.
    static func parseBranch(_ name: String) -> (app: String, channel: String)? {
        guard name.hasPrefix(headsPrefix) else { return nil }
        let parts = name.dropFirst(headsPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let app = unescapeComponent(String(parts[0])) else { return nil }
        return (app, String(parts[1]))
    }

    /// One safe reference-name component: ASCII letters, digits, `-`, `_` and `.` stay;
    /// every other byte becomes `%XX`, as do dots that would make the name invalid
    /// (leading, trailing, doubled, or before a final `lock`).
    static func escapeComponent(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out = ""
        for (i, b) in bytes.enumerated() {
            let isSafe = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
            var keep = isSafe
            if b == UInt8(ascii: ".") {
                let first = i == 0, last = i == bytes.count - 1
                let doubled = i > 0 && bytes[i - 1] == UInt8(ascii: ".")
                let beforeLock = Array(bytes[(i + 1)...]) == Array("lock".utf8)
                keep = !(first || last || doubled || beforeLock)
            }
            if keep {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out += "%" + hex2(b)
            }
        }
        return out.isEmpty ? "%" : out
    }

    /// Reverses `escapeComponent`; nil for a malformed escape.
    static func unescapeComponent(_ text: String) -> String? {
        if text == "%" { return "" }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, let hi = TreeNameEscaping.nibble(bytes[i + 1]),
                      let lo = TreeNameEscaping.nibble(bytes[i + 2]) else { return nil }
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Channels are plain names: letters, digits, `.`, `_`, `-`; no leading `.` or `-`,
    /// no `..`, no trailing `.` or `.lock`; at most 100 characters.
    static func isValidChannel(_ channel: String) -> Bool {
        guard !channel.isEmpty, channel.utf8.count <= 100, escapeComponent(channel) == channel,
              channel.first != "-" else { return false }
        return Repository.isValidReferenceName(headsPrefix + "x/" + channel)
    }

    /// The longest part (between slashes) of a reference name: a loose reference is a
    /// file, written first as `<part>.lock`, and a file name holds at most 255 bytes.
    static let maxPartBytes = 250
    /// The longest whole reference name, well inside PATH_MAX (4096) together with the
    /// repository's own path and `logs/` (the reflog).
    static let maxNameBytes = 2048

    /// Why `fullName` (`refs/…`) cannot be stored as a reference file, or nil when it
    /// can: git's name rules, then the file system's limits on names and paths.
    static func storageProblem(_ fullName: String) -> String? {
        guard Repository.isValidReferenceName(fullName) else { return "is not a valid git reference name" }
        if let long = fullName.split(separator: "/").map(\.utf8.count).first(where: { $0 > maxPartBytes }) {
            return "would have a part of \(long) bytes, and each part of a reference name is a file name "
                + "(at most \(maxPartBytes) bytes)"
        }
        if fullName.utf8.count > maxNameBytes {
            return "would be \(fullName.utf8.count) bytes long (at most \(maxNameBytes))"
        }
        return nil
    }

    /// The longest `#n` a version tag may need (`ensureVersionTag` stops at 1000).
    static let longestCollisionSuffix = "#1000"

    /// User tags: any valid git tag name.
    static func isValidUserTag(_ tag: String) -> Bool {
        !tag.isEmpty && !tag.hasPrefix("-") && Repository.isValidReferenceName(tagsPrefix + tag)
    }

    private static func hex2(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        return String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
    }
}
