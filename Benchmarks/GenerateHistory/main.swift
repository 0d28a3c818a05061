// Records a long synthetic history for Benchmarks/history.sh in one process: build 1
// through `HistoryStore.record` (what `bundlediff snapshot` calls), the others through
// `HistoryAppender`, which writes the same commits (trees, messages, branch, version tags)
// but only the changed paths' objects and the folders above them, flushed as one pack
// every --flush-every builds (default 100). Every --verify-every-th build (default 1,000;
// 0: none) and the last are also recorded with `record` into a scratch history REPO.verify,
// and the tool stops (exit 2) if the trees or messages differ. Only the reading is skipped:
// the app is read from disk once, then each build changes it in memory.
//
// usage: generate-history APP REPO [--builds 1000] [--seed 7] [--moved-out FILE]
//                                  [--flush-every 100] [--verify-every 1000]
//
// APP is the first build (Benchmarks/generate_history.py --base-only writes it). Builds
// are recorded one hour apart from 2026-01-01T00:00:00Z, labelled ci-<n>. Between two
// builds 3 resources get new content (half of them a new size) and CFBundleVersion is
// bumped; CFBundleShortVersionString is 1.<build / 100>. Known events:
//   every 10th build   T0.strings of one language changes;
//   every 50th build   one resource moves to Resources/moved/ (same content);
//   every 100th build  NSCameraUsageDescription changes;
//   build 500          ko.lproj is dropped;  build 700: ko.lproj comes back (20 keys).
// --moved-out writes the first path of the first moved resource (a `history path` that
// has to follow a move).
import BundleDiffKit
import BundleModel
import BundleReading
import Foundation
import Git
import PropertyLists
import SnapshotStore

struct Generator {
    var rng: UInt64
    var snapshot: BuildSnapshot
    let app: String
    /// The entries step() edits, sorted into `snapshot` when it ends.
    var entries: [FileEntry] = []
    var firstMoved: String?
    /// The paths step() changed (added, removed or rewritten), for `HistoryAppender`.
    var changed: Set<BundlePath> = []

    mutating func next() -> UInt64 {  // SplitMix64: the same history for the same seed
        rng &+= 0x9E37_79B9_7F4A_7C15
        var z = rng
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func randomBytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }

    mutating func setFile(_ path: String, bytes: [UInt8]) {
        let bundlePath = BundlePath(path)
        changed.insert(bundlePath)
        let entry = FileEntry(path: bundlePath, kind: .file, size: UInt64(bytes.count), sha256: SHA256Digest.of(bytes))
        if let i = entries.firstIndex(where: { $0.path == bundlePath }) {
            entries[i] = entry
        } else {
            entries.append(entry)
        }
        if PlistFiles.shouldDecode(bundlePath) {
            let decoded: DecodedPlist
            do throws(PlistError) {
                decoded = .decoded(path.hasSuffix(".strings") ? try PropertyListReader.readStrings(bytes)
                                                               : try PropertyListReader.read(bytes))
            } catch {
                decoded = .undecodable(reason: error.description)
            }
            snapshot.plists[bundlePath] = decoded
        }
    }

    static func strings(_ lang: String, _ n: Int, _ version: Int) -> [UInt8] {
        Array((0..<n).map { "\"key.\($0)\" = \"\(lang) value \($0) v\($0 == 0 ? version : 0)\";\n" }.joined().utf8)
    }

    func info(_ build: Int) -> [UInt8] {
        let values = [("CFBundleExecutable", "History"), ("CFBundleIdentifier", "com.example.history"),
                      ("CFBundleShortVersionString", "1.\(build / 100)"), ("CFBundleVersion", "\(build)"),
                      ("NSCameraUsageDescription", "camera v\(build / 100)")]
        let body = values.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined()
        return Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>" + body
            + "<key>CFBundleSupportedPlatforms</key><array><string>iPhoneOS</string></array></dict></plist>\n").utf8)
    }

    /// The changes between build `build - 1` and `build`.
    func under(_ entry: FileEntry, _ prefix: String) -> Bool { entry.path.bytes.starts(with: Array(prefix.utf8)) }

    mutating func step(_ build: Int) {
        let resourcesPrefix = Array((app + "/Resources/").utf8)
        let resources = entries.indices.filter {
            entries[$0].kind == .file && entries[$0].path.bytes.starts(with: resourcesPrefix)
        }
        for _ in 0..<3 {
            let i = resources[int(0...(resources.count - 1))]
            let size = next() % 2 == 0 ? Int(entries[i].size) : int(200...8000)
            setFile(entries[i].path.description, bytes: randomBytes(size))
        }
        let langs = Set(entries.compactMap { entry -> String? in
            guard entry.kind == .directory, entry.path.bytes.count < 40 else { return nil }
            let parts = entry.path.description.split(separator: "/")
            guard parts.count == 2, parts[1].hasSuffix(".lproj") else { return nil }
            return String(parts[1].dropLast(6))
        }).sorted()
        if build % 10 == 0 {
            let lang = langs[int(0...(langs.count - 1))]
            setFile("\(app)/\(lang).lproj/T0.strings", bytes: Self.strings(lang, 25, build))
        }
        if build % 50 == 0 {
            let movable = resources.filter { !under(entries[$0], app + "/Resources/moved/") }
            let i = movable[int(0...(movable.count - 1))]
            let from = entries[i].path.description
            let to = "\(app)/Resources/moved/" + (from.split(separator: "/").last.map(String.init) ?? "")
            if firstMoved == nil { firstMoved = from }
            entries[i].path = BundlePath(to)
            changed.formUnion([BundlePath(from), BundlePath(to)])
            if !entries.contains(where: { $0.path == BundlePath("\(app)/Resources/moved") }) {
                entries.append(FileEntry(path: BundlePath("\(app)/Resources/moved"), kind: .directory))
                changed.insert(BundlePath("\(app)/Resources/moved"))
            }
        }
        if build == 500 {
            let ko = Array("\(app)/ko.lproj".utf8)
            changed.formUnion(entries.lazy.filter { $0.path.bytes.starts(with: ko) }.map(\.path))
            entries.removeAll { $0.path.bytes.starts(with: ko) }
            snapshot.plists = snapshot.plists.filter { !$0.key.bytes.starts(with: Array("\(app)/ko.lproj/".utf8)) }
        }
        if build == 700 {
            entries.append(FileEntry(path: BundlePath("\(app)/ko.lproj"), kind: .directory))
            changed.insert(BundlePath("\(app)/ko.lproj"))
            for t in 0..<4 { setFile("\(app)/ko.lproj/T\(t).strings", bytes: Self.strings("ko", 20, 0)) }
        }
        setFile("\(app)/Info.plist", bytes: info(build))
        entries.sort { $0.path < $1.path }
        snapshot.entries = EntryList(entries)
        snapshot.bundles = BundleScanner.bundles(entries: entries, plists: snapshot.plists)
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("generate-history: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name) else { return nil }
    guard i + 1 < arguments.count else { fail("\(name) needs a value") }
    defer { arguments.removeSubrange(i...(i + 1)) }
    return arguments[i + 1]
}
let builds = Int(option("--builds") ?? "1000") ?? 0
let seed = UInt64(option("--seed") ?? "7") ?? 7
let movedOut = option("--moved-out")
let flushEvery = Int(option("--flush-every") ?? "100") ?? 0
let verifyEvery = Int(option("--verify-every") ?? "1000") ?? -1
guard arguments.count == 2, builds > 0, flushEvery > 0, verifyEvery >= 0 else {
    fail("usage: generate-history APP REPO [--builds N] [--seed N] [--moved-out FILE] [--flush-every N] [--verify-every N]")
}
let (appPath, repoPath) = (arguments[0], arguments[1])

/// Records `snapshot` with `HistoryStore.record` into a new scratch history next to the
/// real one and checks that it wrote the tree and message the appender wrote.
func verify(_ snapshot: BuildSnapshot, options: RecordOptions, commit: ObjectID, in repoPath: String) throws {
    let scratch = repoPath + ".verify"
    try? FileManager.default.removeItem(atPath: scratch)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let recorded = try HistoryStore.open(at: scratch, create: true).record(snapshot, options: options)
    guard let recordedID = ObjectID(hex: recorded.build.commit) else { fail("verify: bad commit id") }
    let want = try Repository.open(at: scratch).commit(recordedID)
    let got = try Repository.open(at: repoPath).commit(commit)
    guard want.tree == got.tree, want.message == got.message else {
        fail("verify: build \(options.label ?? "?") was appended as tree \(got.tree.hex), but record writes \(want.tree.hex)")
    }
}

do {
    let first = try BuildReader.read(path: appPath)
    guard let app = first.mainBundle?.path.description else { fail("\(appPath): no bundle found") }
    var generator = Generator(rng: seed, snapshot: first, app: app, entries: first.entries.array)
    let store = try HistoryStore.open(at: repoPath, create: true)
    let start = Date()
    let epoch: Int64 = 1_767_225_600  // 2026-01-01T00:00:00Z
    func options(_ build: Int) -> RecordOptions {
        RecordOptions(label: "ci-\(build)", recordedAt: epoch + Int64(build - 1) * 3600, toolVersion: ToolInfo.version)
    }
    // Build 1 is a real recording; the others are appended (only the changed paths'
    // objects and the folders above them are written) and flushed as one pack every
    // --flush-every builds.
    _ = try store.record(generator.snapshot, options: options(1))
    var appender = try HistoryAppender(store: store, first: generator.snapshot)
    var toVerify: [(build: Int, snapshot: BuildSnapshot, commit: ObjectID)] = []
    for build in 2...max(2, builds) where build <= builds {
        generator.changed = []
        generator.step(build)
        let appended = try appender.append(generator.snapshot, changed: generator.changed, options: options(build))
        if verifyEvery > 0 && (build % verifyEvery == 0 || build == builds) {
            toVerify.append((build, generator.snapshot, appended.commit))
        }
        if build % flushEvery == 0 || build == builds {
            try appender.flush()
            for item in toVerify { try verify(item.snapshot, options: options(item.build), commit: item.commit, in: repoPath) }
            toVerify = []
        }
        if build % 500 == 0 {
            let seconds = Date().timeIntervalSince(start)
            FileHandle.standardError.write(Data("  recorded \(build) builds (\(String(format: "%.1f", seconds)) s)\n".utf8))
        }
    }
    if let movedOut, let moved = generator.firstMoved {
        try Data((moved + "\n").utf8).write(to: URL(fileURLWithPath: movedOut))
    }
} catch {
    fail("\(error)")
}
