import BundleModel
import Foundation

/// Realistic Apple builds, written in code, for everyone's tests.
///
/// A builder is a set of nodes (file / directory / symlink) keyed by the exact path the
/// reader records (`MyApp.app/Info.plist`; an xcarchive's nodes start at its content).
///
///     var app = FixtureBuilder.iOSApp()                   // MyApp.app, nested bundles, 3 lproj
///     app.updateInfo("MyApp.app") { $0["CFBundleVersion"] = "2" }
///     app.setStrings("MyApp.app/fr.lproj/Localizable.strings", ["hello": "salut"], utf16: true)
///     app.setFile("MyApp.app/new.txt", "text")
///     app.remove("MyApp.app/PlugIns")
///     let scratch = try ScratchDirectory()
///     let dir = try app.writeDirectory(in: scratch.path)    // scratch/MyApp.app
///     let ipa = try app.ipa().writeZip(to: scratch.path("MyApp.ipa"))
///     let archive = try FixtureBuilder.xcarchive(app: app).writeDirectory(in: scratch.path,
///                                                                          named: "MyApp.xcarchive")
///
/// Constructors: `iOSApp(…)`, `macApp(…)`, `xcarchive(app:)`, `ipa()`, `embedded(in:)`.
/// Editors: `setFile`, `setDirectory`, `setSymlink`, `remove`, `updateInfo`, `setInfo`,
/// `setStrings`. Writers: `writeDirectory(in:…)`, `zipWriter(…)`, `writeZip(to:…)`.
/// Encoders: `plist(_:binary:)`, `strings(_:utf16:)`, `mobileProvision(plist:)`.
public struct FixtureBuilder: Sendable {
    /// One node of the tree.
    public enum Node: Sendable, Hashable {
        case file([UInt8], executable: Bool)
        case directory
        case symlink([UInt8])
    }

    /// Every node by path; parents of added nodes are added as directories.
    public private(set) var nodes: [BundlePath: Node] = [:]

    public init() {}

    /// Adds or replaces a file (and its parent directories).
    public mutating func setFile(_ path: String, _ contents: [UInt8], executable: Bool = false) {
        set(BundlePath(path), .file(contents, executable: executable))
    }

    /// Adds or replaces a UTF-8 text file.
    public mutating func setFile(_ path: String, _ text: String, executable: Bool = false) {
        setFile(path, Array(text.utf8), executable: executable)
    }

    /// Adds a directory (and its parents).
    public mutating func setDirectory(_ path: String) { set(BundlePath(path), .directory) }

    /// Adds or replaces a symbolic link with a raw target (never resolved here).
    public mutating func setSymlink(_ path: String, target: String) {
        set(BundlePath(path), .symlink(Array(target.utf8)))
    }

    /// Adds any node at a raw path (non-UTF-8 names, NFC/NFD spellings, …).
    public mutating func set(_ path: BundlePath, _ node: Node) {
        var parent = path.parent
        while !parent.isRoot, nodes[parent] == nil {
            nodes[parent] = .directory
            parent = parent.parent
        }
        nodes[path] = node
    }

    /// Removes a node and everything below it.
    public mutating func remove(_ path: String) {
        let target = BundlePath(path)
        for key in nodes.keys where key.isWithin(target) { nodes[key] = nil }
    }

    /// The file's bytes, if there is a file at `path`.
    public func contents(_ path: String) -> [UInt8]? {
        if case .file(let bytes, _) = nodes[BundlePath(path)] { return bytes }
        return nil
    }

    /// This builder's nodes moved below `prefix` (`Payload`, `Products/Applications`).
    public func embedded(in prefix: String) -> FixtureBuilder {
        var out = FixtureBuilder()
        let base = BundlePath(prefix)
        for (path, node) in nodes { out.set(BundlePath(bytes: base.bytes + [UInt8(ascii: "/")] + path.bytes), node) }
        if out.nodes[base] == nil { out.nodes[base] = .directory }
        return out
    }

    /// The union of two builders (`other` wins on clashes).
    public func merging(_ other: FixtureBuilder) -> FixtureBuilder {
        var out = self
        for (path, node) in other.nodes { out.set(path, node) }
        return out
    }

    /// The top-level names (`MyApp.app`).
    public var topLevelNames: [String] {
        nodes.keys.filter { $0.parent.isRoot }.map(\.nameString).sorted()
    }

    /// Counts by kind, as a reader should record them.
    public var fileCount: Int { nodes.values.count { if case .file = $0 { true } else { false } } }
    public var symlinkCount: Int { nodes.values.count { if case .symlink = $0 { true } else { false } } }
}
