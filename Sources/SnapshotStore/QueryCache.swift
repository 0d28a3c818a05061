import FoundationEssentials
import Git

/// Answers a history query derived from recorded objects, kept between runs in the
/// `DerivedCache` area `query` as `<kind>-<hash of the query>` (docs/snapshot-format.md,
/// "Derived cache"; the area keeps the 64 newest files). Every entry is keyed by a git
/// object id (a build's tree, a blob), and what an object holds never changes, so an entry cannot go stale: a sync or rewrite
/// only adds ids, and ids no build names any more are dropped when the file is rewritten.
///
/// The cache is outside the object store and safe to delete. A file that is missing,
/// unreadable, of another query, or whose checksum does not match is ignored (and
/// rewritten); a value a caller cannot decode is recomputed. Writes go to a temporary
/// file renamed over the old one, so a concurrent reader sees the old file or the new
/// one, never a mix; when two processes write at once the last rename wins and the
/// other's new entries are computed again next time. Failing to write (a read-only
/// history) is not an error. Not thread-safe.
public final class QueryCache {
    /// The first word of the first line.
    static let magic = "bundlediff-cache"
    /// The layout version; a file of another version is ignored.
    static let version = "1"
    /// A larger file is ignored (and replaced): a cache never needs to be that big.
    static let maxBytes = 256 << 20

    /// Where the file lives, and its name there.
    let area: DerivedCache
    let name: String
    /// The query the entries answer, as written on the file's second line.
    let query: String
    private var entries: [ObjectID: Entry] = [:]
    private var touched = Set<ObjectID>()
    private var changed = false
    /// How many entries the caller may use (the builds on its line, whatever the filter):
    /// a file is pruned only when it holds far more than this and than this run used.
    var expected = 0

    /// An entry as read from the file (its escaped, tab-joined fields), or as set by this
    /// run (escaped and joined only when the file is written, which can be on another
    /// thread: `HistoryQuery.answer(_:then:)`).
    enum Entry {
        case line(String)
        case fields([String])
    }

    /// The cache of `kind` (a short name: letters and digits) for `query` (the query's
    /// arguments, one line) in the repository whose git directory is `gitDirectory`.
    init(gitDirectory: String, kind: String, query: String) {
        let line = Self.escape(query)
        let digest = ObjectID.ofBlob(Array(line.utf8))?.prefix(16) ?? "0"
        area = DerivedCache(gitDirectory: gitDirectory, area: "query", limit: 64)
        name = kind + "-" + digest
        self.query = line
        entries = area.read(name).flatMap { Self.load($0, query: line) } ?? [:]
    }

    /// The fields stored for `key`; nil when not cached.
    public func fields(for key: ObjectID) -> [String]? {
        let fields: [String]?
        switch entries[key] {
        case nil: return nil
        case .line(let text)?: fields = Self.decode(text)
        case .fields(let set)?: fields = set
        }
        if fields != nil { touched.insert(key) }
        return fields
    }

    /// Whether the cache holds an entry for `key`, without decoding it (a query counting
    /// the builds it must read decodes each entry once, in its loop, not twice).
    public func holds(_ key: ObjectID) -> Bool { entries[key] != nil }

    /// Stores `fields` for `key` (written by `save`).
    public func set(_ fields: [String], for key: ObjectID) {
        touched.insert(key)
        switch entries[key] {
        case nil: break
        case .line(let text)?: if text == Self.join(fields) { return }
        case .fields(let old)?: if old == fields { return }
        }
        entries[key] = .fields(fields)
        changed = true
    }

    /// Writes the entries when any is new (temporary file, then rename). Entries not used
    /// by this run are kept unless there are over twice as many as the line has builds
    /// (a history rewritten many times): then only the used ones are written.
    public func save() {
        guard changed else { return }
        changed = false
        if entries.count > 2 * max(touched.count, expected) + 256 { entries = entries.filter { touched.contains($0.key) } }
        var body = Array((query + "\n").utf8)
        for key in entries.keys.sorted() {
            body.append(contentsOf: key.hex.utf8)
            body.append(0x09)
            switch entries[key] {
            case .line(let text)?: body.append(contentsOf: text.utf8)
            case .fields(let fields)?: body.append(contentsOf: Self.join(fields).utf8)
            case nil: break
            }
            body.append(0x0A)
        }
        guard let sum = ObjectID.ofBlob(body) else { return }
        area.write(name, Array((Self.magic + " " + Self.version + " " + sum.hex + "\n").utf8) + body)
    }

    /// Fields as one line: each escaped, joined by tabs.
    static func join(_ fields: [String]) -> String { fields.map(escape).joined(separator: "\t") }

    /// The entries of a well-formed file for `query`; nil for anything else.
    static func load(_ bytes: [UInt8], query: String) -> [ObjectID: Entry]? {
        guard bytes.count <= maxBytes else { return nil }
        guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
        let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        let body = Array(bytes[(newline + 1)...])
        guard header.count == 3, header[0] == magic, header[1] == version,
              let sum = ObjectID(hex: header[2]), ObjectID.ofBlob(body) == sum else { return nil }
        var lines = body.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.last?.isEmpty == true else { return nil }
        lines.removeLast()
        guard let first = lines.first, String(decoding: first, as: UTF8.self) == query else { return nil }
        var out: [ObjectID: Entry] = [:]
        out.reserveCapacity(lines.count)
        for line in lines.dropFirst() {
            guard let tab = line.firstIndex(of: 0x09), tab - line.startIndex == 40,
                  let key = ObjectID(hex: String(decoding: line[..<tab], as: UTF8.self)) else { return nil }
            out[key] = .line(String(decoding: line[(tab + 1)...], as: UTF8.self))
        }
        return out
    }

    /// One field on one line: `\` `\\`, tab `\t`, newline `\n`, carriage return `\r`.
    static func escape(_ field: String) -> String { LineEscaping.escape(field) }

    /// The fields of a stored value; nil when an escape is not one `escape` writes.
    static func decode(_ value: String) -> [String]? {
        if !value.utf8.contains(0x5C) {  // nothing escaped: split the bytes at tabs
            return value.utf8.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        var fields: [String] = []
        var current = ""
        var scalars = value.unicodeScalars.makeIterator()
        while let s = scalars.next() {
            switch s {
            case "\t":
                fields.append(current)
                current = ""
            case "\\":
                switch scalars.next() {
                case "\\": current += "\\"
                case "t": current += "\t"
                case "n": current += "\n"
                case "r": current += "\r"
                default: return nil
                }
            default: current.unicodeScalars.append(s)
            }
        }
        fields.append(current)
        return fields
    }
}
