import BundleModel
import Comparison
import PropertyLists

/// One bundle's localizations in one build, as the parity rules read them: `.lproj`
/// folders grouped by the folder that holds them, with each language's files.
struct LocalizedBundle {
    let name: String
    /// The bundle, without its version (`judgesLike`).
    let bundle: BundleInfo
    let snapshot: BuildSnapshot
    let groups: [LocalizationGroup]
    /// The Info.plist's top-level dictionary, if decoded, without `CFBundleVersion` and
    /// `CFBundleShortVersionString` (`judgesLike`).
    let info: PlistDictionary?
    /// Tables flattened so far, shared by every parity rule and both sides.
    let tables: StringTableCache

    init(name: String, bundle: BundleInfo, index: SnapshotIndex, configuration: RuleConfiguration, tables: StringTableCache) {
        self.name = name
        self.tables = tables
        var unversioned = bundle
        (unversioned.version, unversioned.shortVersion) = (nil, nil)
        self.bundle = unversioned
        snapshot = index.snapshot
        var info = index.snapshot.plists[bundle.infoPlistPath]?.document?.root.dictionaryValue
        for key in Self.versionKeys { info?[key] = nil }
        self.info = info
        let localized = index.localizedFiles(of: bundle)
        var byParent: [BundlePath: [String: BundlePath]] = [:]
        for folder in index.localizationFolders(of: bundle) {
            byParent[folder.parent, default: [:]][LanguageCode.folderLanguage(folder.nameString)] = folder
        }
        var filesByFolder: [BundlePath: [BundlePath: FileEntry]] = [:]
        for folder in byParent.values.flatMap(\.values) {
            var files: [BundlePath: FileEntry] = [:]
            for file in localized[folder] ?? [] {
                if let rel = file.path.relative(to: folder) { files[Self.collapse(rel)] = file }
            }
            filesByFolder[folder] = files
        }
        let development = info?["CFBundleDevelopmentRegion"]?.stringValue
        groups = byParent.keys.sorted().compactMap { parent in
            guard let languages = byParent[parent] else { return nil }
            var files: [String: [BundlePath: FileEntry]] = [:]
            for (language, folder) in languages { files[language] = filesByFolder[folder] ?? [:] }
            return LocalizationGroup(
                folder: parent, relativeFolder: parent.relative(to: bundle.path) ?? parent, languages: languages, files: files,
                reference: LanguageCode.reference(among: languages.keys, configured: configuration.referenceLanguage,
                                                  developmentRegion: development),
                developmentRegion: development)
        }
    }

    /// The Info.plist keys every build changes and no parity rule reads.
    static let versionKeys = ["CFBundleVersion", "CFBundleShortVersionString"]

    /// Whether every parity rule finds in `other` what it finds in this bundle: the same
    /// bundle (its version aside), the same Info.plist (its version aside) and the same
    /// `.lproj` folders holding the same files, each file's content known by its digest. A
    /// rule reads nothing else of a `LocalizedBundle`, so the old build's findings of a
    /// bundle whose localizations did not change need not be worked out again.
    func judgesLike(_ other: LocalizedBundle) -> Bool {
        guard name == other.name, bundle == other.bundle, info == other.info, groups == other.groups else { return false }
        return groups.allSatisfy { group in
            group.files.values.allSatisfy { files in files.values.allSatisfy { $0.kind != .file || $0.sha256 != nil } }
        }
    }

    /// Interface files, source or compiled: a folder of them is one item, and a `<Name>.strings`
    /// beside one in `Base.lproj` translates it.
    static let interfaceExtensions = ["storyboardc", "storyboard", "nib", "xib"]

    /// Folders code loads whole, by name: an interface, or a rich text document with its
    /// attachments (`Help.rtfd/`): a lookup finds the language's folder, and nothing inside it
    /// falls back to another language.
    static let packageExtensions = interfaceExtensions + ["rtfd"]

    /// Files inside a compiled storyboard or nib folder, or a rich text package, count as
    /// that one item.
    static func collapse(_ rel: BundlePath) -> BundlePath {
        var out = BundlePath.root
        for component in rel.components {
            out = out.appending(component)
            let ext = String(decoding: component.split(separator: UInt8(ascii: ".")).last ?? [], as: UTF8.self)
            if out != rel, packageExtensions.contains(ext) { return out }
        }
        return out
    }

    /// The decoded string table at `rel` in `language`'s folder of `group`.
    func table(_ group: LocalizationGroup, _ language: String, _ rel: BundlePath) -> StringTable? {
        entry(group, language, rel).flatMap { table(of: $0, isStringsdict: Self.isStringsdict(rel)) }
    }

    /// The format problems of `language`'s table at `rel` against `reference`'s; nil
    /// when either table is missing or not decoded.
    func formatProblems(_ group: LocalizationGroup, reference: String, language: String, _ rel: BundlePath)
        -> [FormatKeyProblems]? {
        guard let referenceEntry = entry(group, reference, rel), let translationEntry = entry(group, language, rel) else {
            return nil
        }
        let isStringsdict = Self.isStringsdict(rel)
        return tables.formatProblems(reference: referenceEntry, translation: translationEntry, isStringsdict: isStringsdict) {
            guard let a = table(of: referenceEntry, isStringsdict: isStringsdict),
                  let b = table(of: translationEntry, isStringsdict: isStringsdict) else { return nil }
            return FormatKeyProblems.of(reference: a, translation: b)
        }
    }

    /// What the format rules compare: each table of each group's reference (or of `Base`)
    /// with the same table in every other spoken language.
    func formatPairs() -> [(group: LocalizationGroup, reference: String, language: String, rel: BundlePath)] {
        var out: [(group: LocalizationGroup, reference: String, language: String, rel: BundlePath)] = []
        for group in groups {
            guard let reference = group.reference else { continue }
            for rel in StringKeysRule.referenceTables(group) {
                let source = group.files[reference]?[rel] != nil ? reference : "Base"
                for language in group.spokenLanguages where language != reference { out.append((group, source, language, rel)) }
            }
        }
        return out
    }

    /// Flattens every string table of the bundle into the shared cache, then works out the
    /// format problems of every pair the format rules compare, in order or backwards: the
    /// two builds' threads walk in opposite orders, so where they share a table (or a
    /// pair) one makes it while the other is at the far end, not waiting.
    func prepare(backwards: Bool) {
        var all: [(entry: FileEntry, isStringsdict: Bool)] = []
        for group in groups {
            for files in group.files.values {
                for (rel, entry) in files where StringKeysRule.isTable(rel) { all.append((entry, Self.isStringsdict(rel))) }
            }
        }
        all.sort { $0.entry.path < $1.entry.path }
        for (entry, isStringsdict) in backwards ? all.reversed() : all { _ = table(of: entry, isStringsdict: isStringsdict) }
        let pairs = formatPairs()
        for (group, reference, language, rel) in backwards ? pairs.reversed() : pairs {
            _ = formatProblems(group, reference: reference, language: language, rel)
        }
    }

    private func entry(_ group: LocalizationGroup, _ language: String, _ rel: BundlePath) -> FileEntry? {
        group.languages[language] == nil ? nil : group.files[language]?[rel]
    }

    private func table(of entry: FileEntry, isStringsdict: Bool) -> StringTable? {
        Self.table(of: entry, isStringsdict: isStringsdict, in: snapshot, tables: tables)
    }

    /// The string table of `entry` in `snapshot`, flattened once into `tables`.
    private static func table(of entry: FileEntry, isStringsdict: Bool, in snapshot: BuildSnapshot,
                              tables: StringTableCache) -> StringTable? {
        tables.table(of: entry, isStringsdict: isStringsdict) {
            (snapshot.plists[entry.path]?.document?.root).map { StringTable($0, isStringsdict: isStringsdict) }
        }
    }

    /// Flattens into `tables` every string table in a `.lproj` folder of `index`'s build,
    /// ahead of the bundles that read them: what `prepare` would flatten first, with no
    /// need of the comparison (`RuleContext.comparing`).
    static func flattenTables(of index: SnapshotIndex, into tables: StringTableCache) {
        for bundle in index.bundles {
            for files in index.localizedFiles(of: bundle).values {
                for entry in files where StringKeysRule.isTable(entry.path) {
                    _ = table(of: entry, isStringsdict: isStringsdict(entry.path), in: index.snapshot, tables: tables)
                }
            }
        }
    }

    private static func isStringsdict(_ rel: BundlePath) -> Bool { rel.nameString.hasSuffix(".stringsdict") }

    /// The other half of the string table `rel`: `T.stringsdict` for `T.strings` and back
    /// (CFBundle reads both as table `T`: Xcode's String Catalogs compile a key into the
    /// `.stringsdict` of the languages that vary it and into the `.strings` of the others).
    static func sibling(_ rel: BundlePath) -> BundlePath? {
        let name = rel.nameString
        if name.hasSuffix(".strings") { return rel.parent.appending(String(name.dropLast(".strings".count)) + ".stringsdict") }
        if name.hasSuffix(".stringsdict") { return rel.parent.appending(String(name.dropLast(".stringsdict".count)) + ".strings") }
        return nil
    }

    /// The other half of table `rel` in `language`'s folder, decoded, if it has one.
    func siblingTable(_ group: LocalizationGroup, _ language: String, _ rel: BundlePath) -> StringTable? {
        Self.sibling(rel).flatMap { table(group, language, $0) }
    }

    /// Of `keys` (flattened keys of `table`, `StringTable`), those whose entry the table's
    /// other half `sibling` holds as an entry too: a `.strings` key held as a
    /// `.stringsdict` entry, or a `.stringsdict` key (`entry`, `entry/variable`,
    /// `entry/variable/other`) whose entry is held as a plain string.
    static func covered(_ keys: [String], of table: StringTable, by sibling: StringTable?) -> Set<String> {
        guard let sibling, !keys.isEmpty else { return [] }
        let theirs = Set(sibling.entries)
        let held = Set(table.entries.filter { theirs.contains($0) })
        guard !held.isEmpty else { return [] }
        guard table.isStringsdict else { return Set(keys.filter { held.contains($0) }) }
        return Set(keys.filter { key in
            if held.contains(key) { return true }
            var prefix = Substring(key)
            while let slash = prefix.lastIndex(of: "/") {
                prefix = prefix[..<slash]
                if held.contains(String(prefix)) { return true }
            }
            return false
        })
    }

    /// A path for messages and subjects: the group folder relative to the bundle + `rel`.
    func display(_ group: LocalizationGroup, _ language: String, _ rel: BundlePath? = nil) -> String {
        var p = group.relativeFolder.appending(language + ".lproj")
        if let rel { p = p.appending(rel.bytes) }
        return p.description
    }
}

/// The `.lproj` folders that share one parent folder.
struct LocalizationGroup: Equatable {
    let folder: BundlePath
    let relativeFolder: BundlePath
    /// Folder language name (`en`, `pt_BR`, `Base`) → folder path.
    let languages: [String: BundlePath]
    /// Language → path inside its folder (storyboards collapsed) → entry.
    let files: [String: [BundlePath: FileEntry]]
    /// The reference language's folder name (`LanguageCode.reference`): `Base` when
    /// `Base.lproj` stands for the development region; nil only without folders.
    let reference: String?
    /// The bundle's `CFBundleDevelopmentRegion`, if it names one.
    let developmentRegion: String?

    /// Languages other than `Base`, sorted, that the system can select: a folder whose name
    /// is no language code (`jp.lproj`, `Hungarian.lproj`) is never read, which
    /// `l10n.invalid-folder-name` says once, so it is not compared key by key or file by file.
    /// Worked out once: every parity rule asks for each table it compares.
    let spokenLanguages: [String]

    init(folder: BundlePath, relativeFolder: BundlePath, languages: [String: BundlePath],
         files: [String: [BundlePath: FileEntry]], reference: String?, developmentRegion: String?) {
        self.folder = folder
        self.relativeFolder = relativeFolder
        self.languages = languages
        self.files = files
        self.reference = reference
        self.developmentRegion = developmentRegion
        spokenLanguages = languages.keys.filter { $0 != "Base" && LanguageCode.problem(with: $0) == nil }.sorted()
    }

    /// Whether `language` only refines another language of the bundle (`en-GB` beside
    /// `en`, or beside a `Base.lproj` that serves the development region `en`): CFBundle
    /// falls back to that language for every key and file the variant lacks.
    func isRegionalVariant(_ language: String) -> Bool {
        var names = Array(languages.keys)
        if reference == "Base", let developmentRegion { names.append(developmentRegion) }
        return LanguageCode.regionalParent(of: language, among: names) != nil
    }

    /// Whether the reference language has `rel`: in its own folder, or in `Base.lproj`,
    /// which CFBundle searches right after the user's language. A `<Name>.strings` counts
    /// as present when it translates a Base interface file: that file is the reference's text.
    func referenceHas(_ rel: BundlePath) -> Bool {
        if let reference, files[reference]?[rel] != nil { return true }
        return files["Base"]?[rel] != nil || translatesBaseInterface(rel)
    }

    /// Whether `rel` is a `<Name>.strings` that translates a storyboard, xib or nib of
    /// `Base.lproj` (its keys are element ids, `abc-12-xyz.title`). Such a table lists the
    /// elements someone translated, not those the compiled interface file has now.
    func translatesBaseInterface(_ rel: BundlePath) -> Bool {
        let name = rel.nameString
        guard name.hasSuffix(".strings"), let base = files["Base"] else { return false }
        let stem = String(name.dropLast(".strings".count))
        return LocalizedBundle.interfaceExtensions.contains { base[rel.parent.appending(stem + "." + $0)] != nil }
    }
}
