import BundleModel
import Git
import MachO

extension SnapshotTreeReader {
    /// The first line of the blob of a file that starts like Mach-O and does not read; the
    /// second is the reader's reason (one line, escaped by the reader).
    static let unreadableHeader = "bundlediff-macho-unreadable 1"

    static func unreadableText(_ reason: String) -> [UInt8] {
        Array((unreadableHeader + "\n" + reason.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n").utf8)
    }

    /// The Mach-O facts below the `macho/` folder `tree`, by recorded path, and the files that
    /// did not read; a blob `previous` parsed is taken from it. A loop with its own stack: a
    /// recorded tree may be thousands of folders deep.
    func machOFolder(_ tree: ObjectID, previous: SnapshotTreeMemo?, into memo: inout SnapshotTreeMemo) throws(Corrupt)
        -> (files: [BundlePath: MachOFile], unreadable: [BundlePath: String]) {
        var out: [BundlePath: MachOFile] = [:]
        var unreadable: [BundlePath: String] = [:]
        var stack: [(ObjectID, BundlePath)] = [(tree, .root)]
        while let (folder, path) = stack.popLast() {
            for entry in try entries(of: folder) {
                guard let name = TreeNameEscaping.unescape(entry.name) else {
                    throw Corrupt(message: "malformed escaped name \(String(decoding: entry.name, as: UTF8.self)) in tree \(folder)")
                }
                let child = path.appending(name)
                if entry.mode == .tree {
                    stack.append((entry.id, child))
                    continue
                }
                let blob: SnapshotTreeMemo.MachOBlob
                if let known = memo.machOBlobs[entry.id] ?? previous?.machOBlobs[entry.id] {
                    if memo.machOBlobs[entry.id] == nil { memo.factsCopied += 1 }
                    blob = known
                } else {
                    blob = try machOBlob(entry.id, at: child)
                }
                memo.machOBlobs[entry.id] = blob
                switch blob {
                case .facts(let facts): out[child] = facts
                case .unreadable(let reason): unreadable[child] = reason
                }
            }
        }
        return (out, unreadable)
    }

    /// One `macho/` blob read and parsed.
    private func machOBlob(_ id: ObjectID, at path: BundlePath) throws(Corrupt) -> SnapshotTreeMemo.MachOBlob {
        let text = String(decoding: try read(id), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count == 3, lines[0] == Self.unreadableHeader, lines[2].isEmpty { return .unreadable(String(lines[1])) }
        do throws(MachOError) {
            return .facts(try MachOText.parse(text))
        } catch {
            throw Corrupt(message: "macho/\(path) cannot be parsed: \(error.message)")
        }
    }
}
