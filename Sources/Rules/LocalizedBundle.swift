import BundleModel
import Comparison
import PropertyLists

/// One bundle's localizations in one build, as the parity rules read them: `.lproj`
/// folders grouped by the folder that holds them, with each language's files.
struct LocalizedBundle {
    let name: String
    let bundle: BundleInfo
    let snapshot: BuildSnapshot
    let groups: [LocalizationGroup]
    /// The Info.plist's top-level dictionary, if decoded.
    let info: PlistDictionary?

    init(name: String, bundle: BundleInfo, index: SnapshotIndex, configuration: RuleConfiguration) {
        self.name = name
        self.bundle = bundle
        snapshot = index.snapshot
        info = index.snapshot.plists[bundle.infoPlistPath]?.document?.root.dictionaryValue
        var byParent: [BundlePath: [String: BundlePath]] = [:]
        for folder in index.localizationFolders(of: bundle) {
            byParent[folder.parent, default: [:]][LanguageCode.folderLanguage(folder.nameString)] = folder
        }
        var filesByFolder: [BundlePath: [BundlePath: FileEntry]] = [:]
        let folderSet = Set(byParent.values.flatMap(\.values))
        for file in index.files(of: bundle) {
            var p = file.path.parent
            while !p.isRoot, !folderSet.contains(p), p != bundle.path { p = p.parent }
            guard folderSet.contains(p), let rel = file.path.relative(to: p) else { continue }
            filesByFolder[p, default: [:]][Self.collapse(rel)] = file
        }
        let development = info?["CFBundleDevelopmentRegion"]?.stringValue
        groups = byParent.keys.sorted().compactMap { parent in
            guard let languages = byParent[parent] else { return nil }
            var files: [String: [BundlePath: FileEntry]] = [:]
            for (language, folder) in languages { files[language] = filesByFolder[folder] ?? [:] }
            return LocalizationGroup(
                folder: parent, relativeFolder: parent.relative(to: bundle.path) ?? parent, languages: languages, files: files,
                reference: LocalizationGroup.reference(among: Array(languages.keys),
                                                       preferred: [configuration.referenceLanguage, development, "en"]))
        }
    }

    /// Files inside a compiled storyboard or nib folder count as that one item.
    static func collapse(_ rel: BundlePath) -> BundlePath {
        var out = BundlePath.root
        for component in rel.components {
            out = out.appending(component)
            let ext = String(decoding: component.split(separator: UInt8(ascii: ".")).last ?? [], as: UTF8.self)
            if out != rel, ["storyboardc", "nib", "xib", "storyboard"].contains(ext) { return out }
        }
        return out
    }

    /// The decoded string table at `rel` in `language`'s folder of `group`.
    func table(_ group: LocalizationGroup, _ language: String, _ rel: BundlePath) -> StringTable? {
        guard group.languages[language] != nil, let entry = group.files[language]?[rel],
              let root = snapshot.plists[entry.path]?.document?.root else { return nil }
        return StringTable(root, isStringsdict: rel.nameString.hasSuffix(".stringsdict"))
    }

    /// A path for messages and subjects: the group folder relative to the bundle + `rel`.
    func display(_ group: LocalizationGroup, _ language: String, _ rel: BundlePath? = nil) -> String {
        var p = group.relativeFolder.appending(language + ".lproj")
        if let rel { p = p.appending(rel.bytes) }
        return p.description
    }
}

/// The `.lproj` folders that share one parent folder.
struct LocalizationGroup {
    let folder: BundlePath
    let relativeFolder: BundlePath
    /// Folder language name (`en`, `pt_BR`, `Base`) → folder path.
    let languages: [String: BundlePath]
    /// Language → path inside its folder (storyboards collapsed) → entry.
    let files: [String: [BundlePath: FileEntry]]
    /// The reference language's folder name, nil when only `Base` exists.
    let reference: String?

    /// Languages other than `Base`, sorted.
    var spokenLanguages: [String] { languages.keys.filter { $0 != "Base" }.sorted() }

    static func reference(among names: [String], preferred: [String?]) -> String? {
        for case let want? in preferred {
            if let hit = names.sorted().first(where: { LanguageCode.canonical($0) == LanguageCode.canonical(want) }) {
                return hit
            }
        }
        return names.filter { $0 != "Base" }.sorted().first
    }
}
