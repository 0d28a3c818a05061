import PropertyLists
import TextSafety
/// The commit message of a recorded build: a subject line, a blank line, then
/// `Bundlediff-*` trailers, one per line, with values escaped to a single line.
struct CommitMessage: Hashable {
    static let formatVersion = "1"

    var bundleId: String
    var shortVersion: String?
    var build: String?
    var platform: String?
    var source: String
    var label: String?
    var channel: String
    var files: Int
    var bytes: UInt64
    var recordedAt: Int64
    var toolVersion: String?
    /// A build or an app's data container; only containers write the `Bundlediff-Kind`
    /// trailer (a commit without it is a build, as every commit recorded before it).
    var kind: RecordedBuild.Kind = .build

    var text: String {
        let subject = "\(bundleId) \(shortVersion ?? "-") (\(build ?? "-"))" + (kind == .build ? "" : " \(kind.rawValue)")
        let values: [(Key, String)] = [
            (.bundleId, bundleId), (.version, shortVersion ?? ""), (.build, build ?? ""),
            (.platform, platform ?? ""), (.source, source), (.label, label ?? ""), (.channel, channel),
            (.files, String(files)), (.bytes, String(bytes)), (.recordedAt, UTCTime.format(unixSeconds: recordedAt)),
            (.toolVersion, toolVersion ?? ""), (.format, Self.formatVersion),
        ] + (kind == .build ? [] : [(.kind, kind.rawValue)])
        var lines = [Self.escape(subject), ""]
        for (key, value) in values {
            lines.append(value.isEmpty ? "\(key.name):" : "\(key.name): \(Self.escape(value))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the trailers of a message; nil when it is not a bundlediff commit.
    /// `recordedAt` comes from the commit time (exact), not from the trailer.
    static func parse(_ message: String, commitTime: Int64) -> CommitMessage? {
        var message = message
        var values = Trailers()
        // ASCII without CR (every message bundlediff writes): each byte is a character, so
        // reading the bytes gives what the general path below gives, without String's
        // grapheme breaking (a long history parses thousands of messages).
        let read = message.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return false }
            values.read(asciiLines: bytes)
            return true
        }
        if !read {
            for line in message.split(separator: "\n", omittingEmptySubsequences: true) {
                guard let colon = line.firstIndex(of: ":"), let key = Key(name: String(line[..<colon])) else { continue }
                var value = line[line.index(after: colon)...]
                if value.first == " " { value = value.dropFirst() }
                values[key] = unescape(String(value))
            }
        }
        guard values[.format] == formatVersion, let bundleId = values[.bundleId], let channel = values[.channel] else {
            return nil
        }
        // A kind this version does not know is not a build: never judged as one.
        var kind = RecordedBuild.Kind.build
        if let text = values[.kind] {
            guard let known = RecordedBuild.Kind(rawValue: text) else { return nil }
            kind = known
        }
        func optional(_ key: Key) -> String? { values[key].flatMap { $0.isEmpty ? nil : $0 } }
        return CommitMessage(bundleId: bundleId, shortVersion: optional(.version), build: optional(.build),
                             platform: optional(.platform), source: values[.source] ?? "",
                             label: optional(.label), channel: channel,
                             files: values[.files].flatMap { Int($0) } ?? 0,
                             bytes: values[.bytes].flatMap { UInt64($0) } ?? 0,
                             recordedAt: commitTime, toolVersion: optional(.toolVersion), kind: kind)
    }

    /// `\` → `\\`, newline → `\n`, CR → `\r`, tab → `\t`, the other scalars of
    /// `RecordedEscapes.inCommitMessage` → `\u{hex}` (format 1, docs/snapshot-format.md).
    static func escape(_ value: String) -> String {
        LineEscaping.escape(value, visible: RecordedEscapes.inCommitMessage)
    }

    static func unescape(_ value: String) -> String {
        var out = ""
        var scalars = value.unicodeScalars.makeIterator()
        while let s = scalars.next() {
            guard s == "\\", let next = scalars.next() else {
                out.unicodeScalars.append(s)
                continue
            }
            switch next {
            case "n": out += "\n"
            case "r": out += "\r"
            case "t": out += "\t"
            case "u":
                var hex = ""
                guard scalars.next() == "{" else { out += "\\u"; continue }
                while let h = scalars.next(), h != "}" { hex.unicodeScalars.append(h) }
                if let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) { out.unicodeScalars.append(scalar) }
            default: out.unicodeScalars.append(next)
            }
        }
        return out
    }
}
