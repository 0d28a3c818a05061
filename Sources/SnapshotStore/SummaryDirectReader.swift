import BundleModel
import TextSafety

/// Reads a `bundlediff.json` straight into `SnapshotSummary.Parsed`, with `JSONReader`'s
/// lexer but no tree of nodes: building that tree and looking keys up in it was most of a
/// summary's reading, and a cold history query reads one summary per build.
///
/// It takes only what it is sure of: the keys bundlediff writes, spelled plainly, in any
/// order, with values of the types it writes. Anything else (a key it does not know, a
/// number where a string was written, a malformed bundle, bad grammar) gives nil,
/// and `SnapshotSummary.parse` reads the text through the tree instead, which decides. So
/// whenever this reader answers, its answer is the tree's: `SummaryDirectReaderTests`
/// holds the two to that on mutated summaries.
struct SummaryDirectReader {
    private var json: JSONReader
    private struct Miss: Error {}

    /// The summary `bytes` hold; nil when this reader cannot be sure.
    static func read(_ bytes: [UInt8]) -> SnapshotSummary.Parsed? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = SummaryDirectReader(json: JSONReader(buffer))
            return try? reader.summary()
        }
    }

    private mutating func summary() throws(Miss) -> SnapshotSummary.Parsed {
        var format: Int?
        var source: BuildSnapshot.SourceKind?
        var bundles: [BundleInfo] = []
        var ownSizes: [BundlePath: FolderSize]? = [:]
        var regions: [BundlePath: String]? = [:]
        var container: ContainerInfo?
        json.skipSpace()
        try object(depth: 1, Self.top) { (r, key) throws(Miss) in
            switch key {
            case 0: format = Int(try r.number())
            case 1: source = BuildSnapshot.SourceKind(rawValue: try r.string())
            case 2:
                try r.array(depth: 2) { (r) throws(Miss) in
                    let (bundle, own, region) = try r.bundle()
                    bundles.append(bundle)
                    switch own {
                    case .absent: ownSizes = nil
                    case .null: break
                    case .size(let size): ownSizes?[bundle.path] = size
                    }
                    switch region {
                    case .absent: regions = nil
                    case .null: break
                    case .text(let text): regions?[bundle.path] = text
                    }
                }
            case 3: container = try r.container()
            default: try r.skip(depth: 1)  // the build's files and bytes, which the commit records
            }
        }
        json.skipSpace()
        guard json.atEnd, format == 1, let source else { throw Miss() }
        // Only a data container's summary says which container it is.
        guard source != .container || container != nil else { throw Miss() }
        return SnapshotSummary.Parsed(source: source, bundles: bundles, ownSizes: ownSizes, developmentRegions: regions,
                                      container: source == .container ? container : nil)
    }

    /// The keys bundlediff writes, per object. Only these are read here; a summary with
    /// any other key goes through the tree.
    private static let top = Names("format", "source", "bundles", "container", "files", "bytes")
    private static let bundle = Names("path", "kind", "layout", "infoPlist", "resources", "parent", "identifier",
                                      "shortVersion", "version", "platform", "executable", "localizations", "own",
                                      "developmentRegion")
    private static let size = Names("files", "bytes")
    private static let container = Names("app", "layout")
    private static let hex = Names("hex")

    private enum Own { case absent, null, size(FolderSize) }
    private enum Region { case absent, null, text(String) }

    private mutating func bundle() throws(Miss) -> (BundleInfo, Own, Region) {
        var path, infoPlist, resources, parent: BundlePath?
        var kind: BundleInfo.Kind?
        var layout: BundleInfo.Layout?
        var identifier, shortVersion, version, platform, executable: String?
        var localizations: [String] = []
        var own = Own.absent
        var region = Region.absent
        try object(depth: 3, Self.bundle) { (r, key) throws(Miss) in
            switch key {
            case 0: path = try r.path()
            case 1: kind = BundleInfo.Kind(rawValue: try r.string())
            case 2: layout = BundleInfo.Layout(rawValue: try r.string())
            case 3: infoPlist = try r.path()
            case 4: resources = try r.path()
            case 5: parent = try r.null() ? nil : try r.path()
            case 6: identifier = try r.optionalString()
            case 7: shortVersion = try r.optionalString()
            case 8: version = try r.optionalString()
            case 9: platform = try r.optionalString()
            case 10: executable = try r.optionalString()
            case 11: try r.array(depth: 4) { (r) throws(Miss) in localizations.append(try r.string()) }
            case 12: own = try r.null() ? .null : .size(try r.size())
            default: region = try r.null() ? .null : .text(try r.string())
            }
        }
        guard let path, let kind, let layout, let infoPlist, let resources else { throw Miss() }
        let info = BundleInfo(path: path, kind: kind, layout: layout, infoPlistPath: infoPlist, resourcesPath: resources,
                              parentPath: parent, identifier: identifier, shortVersion: shortVersion, version: version,
                              platform: platform, executable: executable, localizations: localizations)
        return (info, own, region)
    }

    private mutating func size() throws(Miss) -> FolderSize {
        var files: Int?
        var bytes: UInt64?
        try object(depth: 4, Self.size) { (r, key) throws(Miss) in
            if key == 0 { files = Int(try r.number()) } else { bytes = UInt64(try r.number()) }
        }
        guard let files, files >= 0, let bytes else { throw Miss() }
        return FolderSize(files: files, bytes: bytes)
    }

    private mutating func container() throws(Miss) -> ContainerInfo {
        var app: String?
        var layout: ContainerInfo.Layout?
        try object(depth: 2, Self.container) { (r, key) throws(Miss) in
            if key == 0 { app = try r.string() } else { layout = ContainerInfo.Layout(rawValue: try r.string()) }
        }
        guard let app, !app.isEmpty, let layout else { throw Miss() }
        return ContainerInfo(appIdentifier: app, layout: layout)
    }

    /// A path as `SnapshotSummary` writes it: a string, or `{"hex": …}` for other bytes.
    private mutating func path() throws(Miss) -> BundlePath {
        json.skipSpace()
        if json.next == UInt8(ascii: "\"") { return BundlePath(try string()) }
        var hex: [UInt8]?
        try object(depth: 4, Self.hex) { (r, _) throws(Miss) in hex = Hex.decode(try r.string()) }
        guard let hex else { throw Miss() }
        return BundlePath(bytes: hex)
    }

    /// An object's members: `member` reads each value after its key, given as its place in
    /// `names`. A key that is not one of `names` spelled plainly (ASCII, no escape), or one
    /// given twice, is a miss: the tree reading then decides, comparing keys as Swift
    /// strings (`JSONMembers`).
    private mutating func object(depth: Int, _ names: Names,
                                 _ member: (inout SummaryDirectReader, Int) throws(Miss) -> Void) throws(Miss) {
        json.skipSpace()
        guard json.next == UInt8(ascii: "{"), depth <= JSONReader.maxDepth else { throw Miss() }
        json.advance()
        json.skipSpace()
        if json.next == UInt8(ascii: "}") { json.advance(); return }
        var seen: UInt32 = 0
        while true {
            json.skipSpace()
            guard json.next == UInt8(ascii: "\""), let key = json.plainString(), let index = names.index(of: key),
                  seen & (1 << index) == 0 else { throw Miss() }
            seen |= 1 << index
            json.skipSpace()
            guard json.next == UInt8(ascii: ":") else { throw Miss() }
            json.advance()
            try member(&self, index)
            json.skipSpace()
            switch json.next {
            case UInt8(ascii: ","): json.advance()
            case UInt8(ascii: "}"): json.advance(); return
            default: throw Miss()
            }
        }
    }

    /// The keys an object may have, each as its bytes.
    private struct Names {
        let bytes: [[UInt8]]
        init(_ names: String...) { bytes = names.map { Array($0.utf8) } }

        func index(of key: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
            bytes.firstIndex { $0.count == key.count && $0.elementsEqual(key) }
        }
    }

    private mutating func array(depth: Int, _ item: (inout SummaryDirectReader) throws(Miss) -> Void) throws(Miss) {
        json.skipSpace()
        guard json.next == UInt8(ascii: "["), depth <= JSONReader.maxDepth else { throw Miss() }
        json.advance()
        json.skipSpace()
        if json.next == UInt8(ascii: "]") { json.advance(); return }
        while true {
            try item(&self)
            json.skipSpace()
            switch json.next {
            case UInt8(ascii: ","): json.advance()
            case UInt8(ascii: "]"): json.advance(); return
            default: throw Miss()
            }
        }
    }

    private mutating func string() throws(Miss) -> String {
        json.skipSpace()
        guard json.next == UInt8(ascii: "\""), let text = try? json.string() else { throw Miss() }
        return text
    }

    private mutating func optionalString() throws(Miss) -> String? {
        try null() ? nil : try string()
    }

    private mutating func number() throws(Miss) -> String {
        json.skipSpace()
        guard let byte = json.next, byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte),
              let text = try? json.number() else { throw Miss() }
        return text
    }

    /// Reads a `null` when one comes next.
    private mutating func null() throws(Miss) -> Bool {
        json.skipSpace()
        guard json.next == UInt8(ascii: "n") else { return false }
        guard (try? json.literal("null")) != nil else { throw Miss() }
        return true
    }

    /// Reads and checks a value that is not used, as `JSONReader` would read it at `depth`.
    private mutating func skip(depth: Int) throws(Miss) {
        guard (try? json.value(depth: depth)) != nil else { throw Miss() }
    }
}
