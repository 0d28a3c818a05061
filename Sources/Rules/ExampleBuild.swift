import BundleModel
import MachO
import PropertyLists
import Stores

/// A small in-memory build for rule examples: bundles, files with text content, string
/// tables and property lists. Digests are a deterministic stand-in derived from the content
/// (equal content, equal digest), which is all comparisons need.
public struct ExampleBuild: Sendable {
    private struct BundleSpec: Sendable {
        var path: String
        var kind: BundleInfo.Kind
        var layout: BundleInfo.Layout
        var info: PlistDictionary
        var hasInfoPlist = true
    }

    private var name: String
    private var bundles: [BundleSpec] = []
    private var files: [(String, [UInt8], Bool)] = []
    private var symlinks: [(String, String)] = []
    private var plists: [(String, DecodedPlist)] = []
    private var container: ContainerInfo?
    private var binaries: [(String, MachOFile)] = []
    private var stores: [(String, StoreFacts)] = []
    private var isIPA = false

    public init(_ name: String = "Example") { self.name = name }

    /// Makes this build read from an `.ipa` (the package App Store Connect receives).
    public func ipa() -> ExampleBuild {
        var copy = self
        copy.isIPA = true
        return copy
    }

    /// Adds a bundle with an Info.plist built from the arguments and `info` (none when
    /// `hasInfoPlist` is false: a bundle folder whose property list is missing or misnamed).
    public func bundle(_ path: String, kind: BundleInfo.Kind = .app, id: String? = nil, version: String? = nil,
                       shortVersion: String? = nil, layout: BundleInfo.Layout = .flat,
                       info: [(String, PlistValue)] = [], hasInfoPlist: Bool = true) -> ExampleBuild {
        var dict = PlistDictionary()
        if let id { dict["CFBundleIdentifier"] = .string(id) }
        if let version { dict["CFBundleVersion"] = .string(version) }
        if let shortVersion { dict["CFBundleShortVersionString"] = .string(shortVersion) }
        for (k, v) in info { dict[k] = v }
        var copy = self
        copy.bundles.append(BundleSpec(path: path, kind: kind, layout: layout, info: dict, hasInfoPlist: hasInfoPlist))
        return copy
    }

    /// Adds a SQLite store: a file at `path` (its content stands for the facts) and the facts.
    public func store(_ path: String, _ facts: StoreFacts) -> ExampleBuild {
        var copy = file(path, facts.canonicalText())
        copy.stores.append((path, facts))
        return copy
    }

    /// Makes this an app's data container (a simulator container of `app`), not a build.
    public func container(of app: String) -> ExampleBuild {
        var copy = self
        copy.container = ContainerInfo(appIdentifier: app, layout: .simulator)
        return copy
    }

    /// Adds a file with `content` as its bytes.
    public func file(_ path: String, _ content: String = "", executable: Bool = false) -> ExampleBuild {
        var copy = self
        copy.files.append((path, Array(content.utf8), executable))
        return copy
    }

    /// Adds a symbolic link at `path` whose target is `target` (as written, relative or absolute).
    public func symlink(_ path: String, to target: String) -> ExampleBuild {
        var copy = self
        copy.symlinks.append((path, target))
        return copy
    }


    /// Adds an executable Mach-O file with `facts` (its content a stand-in that changes
    /// with the facts).
    public func binary(_ path: String, _ facts: MachOFile) -> ExampleBuild {
        var copy = self
        copy.files.append((path, Array("macho:\(facts)".utf8), true))
        copy.binaries.append((path, facts))
        return copy
    }

    /// One thin slice of `arch` for `platform` with a minimum OS, importing `symbols`.
    public static func slice(_ cpu: MachOCPU = .arm64, platform: MachOPlatform = .iOS, minimumOS: MachOVersion = .init(major: 15),
                             sdk: MachOVersion = .init(major: 17), imports: [String] = []) -> MachOSlice {
        var s = MachOSlice(cpu: cpu, is64Bit: cpu.is64Bit, fileType: .execute)
        s.buildVersions = [MachOBuildVersion(platform: platform, minimumOS: minimumOS, sdk: sdk)]
        s.importedSymbols = imports.sorted()
        return s
    }

    /// Adds a `.strings` table (file and decoded value).
    public func strings(_ path: String, _ pairs: [(String, String)]) -> ExampleBuild {
        plist(path, .dictionary(PlistDictionary(pairs.map { ($0.0, PlistValue.string($0.1)) })), format: .strings)
    }

    /// Adds a `.strings` file from its text, decoded as a build reads it (undecodable
    /// when it does not parse, with the parser's reason).
    public func stringsText(_ path: String, _ text: String) -> ExampleBuild {
        var copy = self
        copy.files.append((path, Array(text.utf8), false))
        do throws(PlistError) {
            copy.plists.append((path, .decoded(try PropertyListReader.readStrings(Array(text.utf8)))))
        } catch {
            copy.plists.append((path, .undecodable(reason: error.description)))
        }
        return copy
    }

    /// Adds a property list (file and decoded value).
    public func plist(_ path: String, _ root: PlistValue, format: PlistFormat = .xml) -> ExampleBuild {
        var copy = self
        copy.files.append((path, Array((format.rawValue + ":" + PlistText.render(root)).utf8), false))
        copy.plists.append((path, .decoded(PlistDocument(format: format, root: root))))
        return copy
    }

    /// The build as a snapshot.
    public func snapshot() -> BuildSnapshot {
        var entries: [BundlePath: FileEntry] = [:]
        var decoded: [BundlePath: DecodedPlist] = [:]
        var all = files
        for b in bundles where b.hasInfoPlist {
            let infoPath = Self.infoPlistPath(b)
            all.append((infoPath, Array(("xml:" + PlistText.render(.dictionary(b.info))).utf8), false))
            decoded[BundlePath(infoPath)] = .decoded(PlistDocument(format: .xml, root: .dictionary(b.info)))
        }
        for (path, value) in plists { decoded[BundlePath(path)] = value }
        for (path, bytes, executable) in all {
            let p = BundlePath(path)
            entries[p] = FileEntry(path: p, kind: .file, size: UInt64(bytes.count), isExecutable: executable,
                                   sha256: StandInDigest.digest(bytes))
            Self.addFolders(above: p, to: &entries)
        }
        for (path, target) in symlinks {
            let p = BundlePath(path)
            entries[p] = FileEntry(path: p, kind: .symlink, symlinkTarget: Array(target.utf8))
            Self.addFolders(above: p, to: &entries)
        }
        for b in bundles where entries[BundlePath(b.path)] == nil {
            entries[BundlePath(b.path)] = FileEntry(path: BundlePath(b.path), kind: .directory)
        }
        let sortedEntries = entries.values.sorted { $0.path < $1.path }
        let infos = bundles.map { bundleInfo($0, entries: sortedEntries) }
            .sorted { ($0.parentPath == nil ? 0 : 1, $0.path) < ($1.parentPath == nil ? 0 : 1, $1.path) }
        let machO = Dictionary(binaries.map { (BundlePath($0.0), $0.1) }, uniquingKeysWith: { $1 })
        return BuildSnapshot(sourceKind: container != nil ? .container : isIPA ? .ipa : .directory, sourceName: name,
                             entries: EntryList(sortedEntries), plists: decoded, bundles: infos,
                             stores: Dictionary(stores.map { (BundlePath($0.0), $0.1) }, uniquingKeysWith: { $1 }),
                             container: container, machO: machO)
    }

    /// Records every folder above `path` that is not recorded yet.
    private static func addFolders(above path: BundlePath, to entries: inout [BundlePath: FileEntry]) {
        var parent = path.parent
        while !parent.isRoot, entries[parent] == nil {
            entries[parent] = FileEntry(path: parent, kind: .directory)
            parent = parent.parent
        }
    }

    private static func infoPlistPath(_ b: BundleSpec) -> String {
        switch b.layout {
        case .flat: b.path + "/Info.plist"
        case .contents: b.path + "/Contents/Info.plist"
        case .versionedFramework: b.path + "/Versions/A/Resources/Info.plist"
        }
    }

    private func bundleInfo(_ b: BundleSpec, entries: [FileEntry]) -> BundleInfo {
        let path = BundlePath(b.path)
        let resources: BundlePath = switch b.layout {
        case .flat: path
        case .contents: path.appending("Contents").appending("Resources")
        case .versionedFramework: BundlePath(b.path + "/Versions/A/Resources")
        }
        let parent = bundles.map { BundlePath($0.path) }.filter { $0 != path && path.isWithin($0) }.max()
        var lproj = Set<String>()
        for e in entries where e.kind == .directory && e.path.parent == resources && e.path.nameString.hasSuffix(".lproj") {
            lproj.insert(String(e.path.nameString.dropLast(6)))
        }
        return BundleInfo(path: path, kind: b.kind, layout: b.layout, infoPlistPath: BundlePath(Self.infoPlistPath(b)),
                          resourcesPath: resources, parentPath: parent, identifier: b.info["CFBundleIdentifier"]?.stringValue,
                          shortVersion: b.info["CFBundleShortVersionString"]?.stringValue,
                          version: b.info["CFBundleVersion"]?.stringValue,
                          platform: BundleScanner.platform(b.info, layout: b.layout),
                          executable: b.info["CFBundleExecutable"]?.stringValue, localizations: lproj.sorted())
    }
}
