import BundleModel
import Reporters
import SnapshotStore
import TextSafety

extension HistoryQuery {
    /// One path's history: the builds where it appeared, changed (size or content),
    /// moved or vanished. A file that vanished while the same content (the same file
    /// record: digest and size) appeared elsewhere in that build has moved, and one whose
    /// only same-named successor is new in that build has moved and changed; the history
    /// follows it to its new path (`destination`). The first row says where the path came
    /// from when it arrived by a move (`origin`).
    func pathHistory(_ text: String) throws(UserFacingError) -> HistoryTable {
        var trimmed = text
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard !trimmed.isEmpty, trimmed != "/" else { throw UserFacingError("history path: the path is empty") }
        var path = BundlePath(trimmed)
        var t = table("path", "History of \(path) in \(timeline.app) on \(timeline.channel)", [
            .init("change", "change"), .init("path", "path"), .init("kind", "kind"),
            .init("bytes", "bytes", charted: true, unit: .bytes), .init("detail", "detail"),
        ])
        t.chartUnit = "bytes"
        var previous: (build: TimelineBuild, object: StoredObject)?
        for b in builds {
            let object = try object(at: path, in: b)
            guard let object else {
                guard let (before, gone) = previous else { continue }
                if let (target, same) = try destination(of: gone, at: path, in: b, since: before) {
                    let change = same ? nil : try describe(gone, target.object).detail
                    let detail = "from \(path)" + (change.map { "; " + $0 } ?? "")
                    t.rows.append(try row(b, same ? "moved" : "moved and changed", target.path, target.object, detail: detail))
                    path = target.path
                    previous = (b, target.object)
                } else {
                    t.rows.append(Self.buildCells(b) + [.text("vanished"), .text(path.description), .none, .none, .none])
                    previous = nil
                }
                continue
            }
            defer { previous = (b, object) }
            guard let old = previous?.object else {
                guard let origin = try origin(of: object, at: path, in: b) else {
                    t.rows.append(try row(b, "appeared", path, object, detail: nil))
                    continue
                }
                let change = origin.same ? nil : try describe(origin.object, object).detail
                t.rows.append(try row(b, origin.same ? "moved" : "moved and changed", path, object,
                                      detail: "from \(origin.path)" + (change.map { "; " + $0 } ?? "")))
                continue
            }
            if old == object { continue }
            let (change, detail) = try describe(old, object)
            t.rows.append(try row(b, change, path, object, detail: detail))
        }
        if !builds.isEmpty && t.rows.isEmpty { t.notes.append("\(path) is in no build") }
        return t
    }

    /// The object at `path` in a build's `files/`, through the derived cache of that path
    /// (per build: `-`, or the object's kind and id).
    private func object(at path: BundlePath, in b: TimelineBuild) throws(UserFacingError) -> StoredObject? {
        let cache = timeline.cache("path", query: "files " + Hex.encode(path.bytes))
        if let fields = cache.fields(for: b) {
            if fields == ["-"] { return nil }
            if let object = StoredObject(cacheFields: fields[...]) { return object }
        }
        let object = try read { () throws(StoreError) in try timeline.object(at: path, in: b, area: .files) }
        cache.set(object?.cacheFields ?? ["-"], for: b)
        return object
    }

    private func describe(_ old: StoredObject, _ new: StoredObject) throws(UserFacingError) -> (change: String, detail: String?) {
        guard old.kind == new.kind else { return ("replaced", "was a \(Self.kindName(old.kind))") }
        let before = try read { () throws(StoreError) in try timeline.size(of: old) }
        let after = try read { () throws(StoreError) in try timeline.size(of: new) }
        switch new.kind {
        case .symlink: return ("target changed", nil)
        case .directory:
            return ("contents changed", "was \(before.files) files, \(before.bytes) bytes")
        case .file:
            if before.bytes != after.bytes { return ("size changed", "was \(before.bytes) bytes") }
            return ("content changed", nil)
        }
    }

    private func row(_ b: TimelineBuild, _ change: String, _ path: BundlePath, _ object: StoredObject,
                     detail: String?) throws(UserFacingError) -> [HistoryTable.Cell] {
        let size = try read { () throws(StoreError) in try timeline.size(of: object) }
        var detail = detail
        if object.kind == .file, let digest = try read({ () throws(StoreError) in try timeline.fileRecord(object) }).sha256 {
            detail = [detail, "sha256 \(String(digest.description.prefix(12)))"].compactMap { $0 }.joined(separator: "; ")
        }
        if object.kind == .directory, change != "contents changed" {
            detail = [detail, "\(size.files) files"].compactMap { $0 }.joined(separator: "; ")
        }
        return Self.buildCells(b) + [.text(change), .text(path.description), .text(Self.kindName(object.kind)),
                                     object.kind == .symlink ? .none : .integer(size.bytes), detail.map { .text($0) } ?? .none]
    }

    static func kindName(_ kind: StoredObject.Kind) -> String {
        switch kind {
        case .file: "file"
        case .directory: "folder"
        case .symlink: "symlink"
        }
    }
}
