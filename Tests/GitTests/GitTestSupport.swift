import Foundation

/// A fresh directory under the system temp folder, removed by `remove()`.
struct ScratchDir {
    let path: String

    init(_ label: String = "git") throws {
        let base = FileManager.default.temporaryDirectory.path
        path = "\(base)/bundlediff-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

