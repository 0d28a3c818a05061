import Foundation

/// Derived data kept beside a history, under `<git dir>/bundlediff/cache/<area>/`: files
/// named by a key that fixes their content (an object id and a format number), so an entry
/// can never go stale. Safe to delete at any time; never shared with a remote.
///
/// Best effort both ways: a read that fails or finds nothing returns nil (the caller
/// computes the value), a write that fails is dropped. Writes go to a temporary file in
/// the same folder, then are renamed into place, so a reader sees a whole file or none.
/// Each area keeps at most `limit` entries: the oldest (by modification time) go first.
struct DerivedCache: Sendable {
    /// The folder of this area.
    let folder: String
    /// How many entries the area keeps.
    let limit: Int

    /// The cache area `area` of the repository whose git directory is `gitDirectory`.
    init(gitDirectory: String, area: String, limit: Int = 16) {
        folder = gitDirectory + (gitDirectory.hasSuffix("/") ? "" : "/") + "bundlediff/cache/" + area
        self.limit = limit
    }

    /// The bytes stored under `key`, or nil.
    func read(_ key: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: folder + "/" + key) else { return nil }
        return [UInt8](data)
    }

    /// Stores `bytes` under `key` (temp + rename), then trims the area to `limit` entries.
    func write(_ key: String, _ bytes: [UInt8]) {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let temporary = folder + "/.tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))-\(key)"
            try Data(bytes).write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, folder + "/" + key) != 0 { try? manager.removeItem(atPath: temporary) }
        } catch {
            return
        }
        trim()
    }

    /// Removes the oldest entries beyond `limit` (temporary files of other writers are left).
    private func trim() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        let entries = names.filter { !$0.hasPrefix(".") }
        guard entries.count > limit else { return }
        let dated = entries.map { name -> (String, Date) in
            let date = (try? manager.attributesOfItem(atPath: folder + "/" + name)[.modificationDate] as? Date) ?? nil
            return (name, date ?? .distantPast)
        }
        for (name, _) in dated.sorted(by: { ($0.1, $0.0) < ($1.1, $1.0) }).prefix(entries.count - limit) {
            try? manager.removeItem(atPath: folder + "/" + name)
        }
    }
}
