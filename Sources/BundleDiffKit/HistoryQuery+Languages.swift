import BundleModel
import Comparison
import FoundationEssentials
import Reporters
import SnapshotStore
import TextSafety

extension HistoryQuery {
    /// Localization completeness per language of one bundle, per build: the share of the
    /// reference language's string keys (every top-level key of its `.strings` and
    /// `.stringsdict` files) that the language also has, and which languages were added
    /// (`+ko`) or dropped (`-ko`). The reference is the localization rules' own
    /// (`LanguageCode.reference`): `reference`, else the bundle's `CFBundleDevelopmentRegion`
    /// (codes compared canonically: `English` is `en`), else `Base`, else `en`, else the
    /// first language. Key sets are memoised by `.lproj` tree id.
    func languageHistory(bundle: String?, reference: String?) throws(UserFacingError) -> HistoryTable {
        var distinct: [(languages: [String: Double], reference: String?, keys: Int)] = []
        var rows: [(state: Int, changes: String)] = []
        var all = Set<String>()
        var previous: Set<String>?
        var last: BuildLanguages?
        var sawBundle = false
        var memo = LanguagesMemo()
        let cache = timeline.cache("languages", query: "bundle " + (bundle.map { "=" + $0 } ?? "-")
                                   + "\treference " + (reference.map { "=" + $0 } ?? "-"))
        let ahead = try languagesAhead(bundle: bundle, reference: reference, cache: cache)
        for (i, b) in builds.enumerated() {
            let found: BuildLanguages
            if let ahead {
                found = ahead[i]
                Self.store(found, of: b, cache)
            } else if let cached = cachedLanguages(b, cache) {
                found = cached
            } else {
                found = try read { () throws(StoreError) in
                    try Self.languages(b, bundle: bundle, reference: reference, timeline, memo: &memo)
                }
                Self.store(found, of: b, cache)
            }
            sawBundle = sawBundle || found.hasBundle
            // A build that says what the one before said (most do) shares its row's cells.
            if let last, Self.same(found, last) {
                rows.append((distinct.count - 1, ""))
                continue
            }
            last = found
            var state = (languages: [String: Double](), reference: found.reference, keys: found.keys)
            for (lang, common) in found.common {
                guard let common else { continue }
                state.languages[lang] = found.keys == 0 ? 100 : Double(common) * 100 / Double(found.keys)
            }
            let languages = Set(found.common.map(\.language))
            var changes = ""
            if let previous {
                changes = (languages.subtracting(previous).sorted().map { "+" + $0 }
                           + previous.subtracting(languages).sorted().map { "-" + $0 }).joined(separator: " ")
            }
            previous = languages
            all.formUnion(languages)
            distinct.append(state)
            rows.append((distinct.count - 1, changes))
        }
        if let bundle, !builds.isEmpty, !sawBundle {
            throw UserFacingError("no bundle \(VisibleText.quoted(bundle)) in any recorded build of \(timeline.app)")
        }
        let order = all.sorted()
        var t = table("languages", "Localization completeness of \(bundle ?? "the main bundle") of \(timeline.app) on "
                      + "\(timeline.channel) (% of the reference language's string keys)",
                      [.init("reference", "reference"), .init("keys", "keys"), .init("changes", "changes")]
                          + order.map { .init($0, $0, charted: true) })
        t.chartUnit = "percent"
        let cells = distinct.map { s -> [HistoryTable.Cell] in
            order.map { lang -> HistoryTable.Cell in
                guard let share = s.languages[lang] else { return .none }
                return .number(share, DecimalText.oneDecimal(share) + "%")
            }
        }
        for (b, row) in zip(builds, rows) {
            let s = distinct[row.state]
            let summary: [HistoryTable.Cell] = [s.reference.map { .text($0) } ?? .none, .integer(s.keys),
                                                row.changes.isEmpty ? .none : .text(row.changes)]
            t.rows.append(Self.buildCells(b) + summary + cells[row.state])
        }
        return t
    }

    /// What one build says of the bundle's languages: whether it has the bundle, its
    /// reference language, that language's key count, and per language the keys it shares
    /// with the reference (nil without a reference).
    typealias BuildLanguages = (hasBundle: Bool, reference: String?, keys: Int, common: [(language: String, common: Int?)])

    /// Every build's `BuildLanguages` read on both cores, when the cache lacks at least
    /// `bothCoresThreshold` builds; nil otherwise.
    private func languagesAhead(bundle: String?, reference: String?, cache: QueryCache)
        throws(UserFacingError) -> [BuildLanguages]? {
        guard builds.count(where: { !cache.holds($0) }) >= bothCoresThreshold else { return nil }
        return try onBothCores(builds) { (timeline, slice) throws(StoreError) -> [BuildLanguages] in
            var memo = LanguagesMemo()
            var out: [BuildLanguages] = []
            for b in slice { out.append(try Self.languages(b, bundle: bundle, reference: reference, timeline, memo: &memo)) }
            return out
        }
    }

    /// Reads `BuildLanguages` from the tree. A build whose languages, reference and
    /// `.lproj` folder ids are those of the build read before it on this thread gets that
    /// build's answer; otherwise key sets are memoised by `.lproj` tree id, and shared key
    /// counts by the pair of folders, in `memo`.
    private static func languages(_ b: TimelineBuild, bundle: String?, reference: String?, _ timeline: HistoryTimeline,
                                  memo: inout LanguagesMemo) throws(StoreError) -> BuildLanguages {
        let bundles = try timeline.bundles(in: b)
        let info = bundle.map { id in bundles.first { $0.identifier == id || $0.path.description == id } }
            ?? Self.mainBundle(bundles)
        let languages = Set(info?.localizations ?? []).sorted()
        var found: BuildLanguages = (info != nil, nil, 0, languages.map { ($0, nil) })
        guard let info, let ref = LanguageCode.reference(among: languages, configured: reference,
                                                         developmentRegion: try developmentRegion(info, b, timeline))
        else { return found }
        let input = LanguagesMemo.Input(languages: languages, reference: ref, folders: try lprojFolders(info, b, timeline))
        if let last = memo.last, last.input == input { return last.found }
        var folders: [[UInt8]: StoredObject] = [:]
        for folder in input.folders { folders[folder.name] = folder.object }
        func keys(_ language: String) throws(StoreError) -> (folder: StoredObject?, set: Set<String>) {
            guard let folder = folders[Array(language.utf8)] else { return (nil, []) }
            return (folder, try timeline.stringKeys(in: folder))
        }
        let refKeys = try keys(ref)
        found.reference = ref
        found.keys = refKeys.set.count
        found.common = []
        for lang in languages {
            let k = try keys(lang)
            let pair = LanguagesMemo.Pair(language: k.folder, reference: refKeys.folder)
            let common = memo.shared[pair] ?? k.set.intersection(refKeys.set).count
            memo.shared[pair] = common
            found.common.append((lang, common))
        }
        memo.last = (input, found)
        return found
    }

    /// Whether two builds say the same of their languages.
    private static func same(_ a: BuildLanguages, _ b: BuildLanguages) -> Bool {
        a.hasBundle == b.hasBundle && a.reference == b.reference && a.keys == b.keys
            && a.common.elementsEqual(b.common) { $0.language == $1.language && $0.common == $1.common }
    }

    /// Keeps `found` in `cache`: `1`/`0`, `=reference` or `-`, the key count, then per
    /// language its code and shared keys (or `-`).
    private static func store(_ found: BuildLanguages, of b: TimelineBuild, _ cache: QueryCache) {
        cache.set([found.hasBundle ? "1" : "0", found.reference.map { "=" + $0 } ?? "-", String(found.keys)]
                  + found.common.flatMap { [$0.language, $0.common.map(String.init) ?? "-"] }, for: b)
    }

    /// `BuildLanguages` from the cache; nil when it does not hold the build.
    private func cachedLanguages(_ b: TimelineBuild, _ cache: QueryCache) -> BuildLanguages? {
        guard let fields = cache.fields(for: b), fields.count >= 3, fields.count % 2 == 1,
              fields[0] == "1" || fields[0] == "0", fields[1] == "-" || fields[1].hasPrefix("="),
              let keys = Int(fields[2]) else { return nil }
        var common: [(language: String, common: Int?)] = []
        for i in stride(from: 3, to: fields.count, by: 2) {
            let count = Int(fields[i + 1])
            guard fields[i + 1] == "-" || count != nil else { return nil }
            common.append((fields[i], count))
        }
        return (fields[0] == "1", fields[1] == "-" ? nil : String(fields[1].dropFirst()), keys, common)
    }

    /// The bundle's `CFBundleDevelopmentRegion`: as recorded in the build's summary, else
    /// from its Info.plist (decoded once per blob).
    private static func developmentRegion(_ info: BundleInfo, _ b: TimelineBuild, _ timeline: HistoryTimeline)
        throws(StoreError) -> String? {
        if let recorded = try timeline.developmentRegions(in: b) { return recorded[info.path] }
        guard let object = try timeline.object(at: info.infoPlistPath, in: b, area: .plists) else { return nil }
        return try timeline.plist(object).document?.root["CFBundleDevelopmentRegion"]?.stringValue
    }

    /// The `.lproj` entries of the bundle's resources folder in `plists/` (names without
    /// the extension), in git's order: one folder read per build instead of one lookup per
    /// language.
    private static func lprojFolders(_ info: BundleInfo, _ b: TimelineBuild, _ timeline: HistoryTimeline)
        throws(StoreError) -> [LanguagesMemo.Folder] {
        guard let resources = try timeline.object(at: info.resourcesPath, in: b, area: .plists) else { return [] }
        let suffix = Array(".lproj".utf8)
        return try timeline.children(of: resources).compactMap { name, object in
            guard name.count >= suffix.count, name.suffix(suffix.count).elementsEqual(suffix) else { return nil }
            return LanguagesMemo.Folder(name: Array(name.dropLast(suffix.count)), object: object)
        }
    }
}
