import BundleModel
import Comparison
import Foundation
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
        var states: [(languages: [String: Double], reference: String?, keys: Int, changes: String)] = []
        var all = Set<String>()
        var previous: Set<String>?
        var sawBundle = false
        var shared: [[String]: Int] = [:]
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
                    try Self.languages(b, bundle: bundle, reference: reference, timeline, shared: &shared)
                }
                Self.store(found, of: b, cache)
            }
            sawBundle = sawBundle || found.hasBundle
            var state = (languages: [String: Double](), reference: found.reference, keys: found.keys, changes: "")
            for (lang, common) in found.common {
                guard let common else { continue }
                state.languages[lang] = found.keys == 0 ? 100 : Double(common) * 100 / Double(found.keys)
            }
            let languages = Set(found.common.map(\.language))
            if let previous {
                state.changes = (languages.subtracting(previous).sorted().map { "+" + $0 }
                                 + previous.subtracting(languages).sorted().map { "-" + $0 }).joined(separator: " ")
            }
            previous = languages
            all.formUnion(languages)
            states.append(state)
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
        for (b, s) in zip(builds, states) {
            t.rows.append(Self.buildCells(b) + [s.reference.map { .text($0) } ?? .none, .integer(s.keys),
                                                s.changes.isEmpty ? .none : .text(s.changes)]
                          + order.map { lang in s.languages[lang].map { .number($0, DecimalText.oneDecimal($0) + "%") } ?? .none })
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
        guard builds.count(where: { cachedLanguages($0, cache) == nil }) >= bothCoresThreshold else { return nil }
        return try onBothCores(builds) { (timeline, slice) throws(StoreError) -> [BuildLanguages] in
            var shared: [[String]: Int] = [:]
            var out: [BuildLanguages] = []
            for b in slice { out.append(try Self.languages(b, bundle: bundle, reference: reference, timeline, shared: &shared)) }
            return out
        }
    }

    /// Reads `BuildLanguages` from the tree (key sets memoised by `.lproj` tree id, shared
    /// key counts by the pair of key-set ids in `shared`).
    private static func languages(_ b: TimelineBuild, bundle: String?, reference: String?, _ timeline: HistoryTimeline,
                                  shared: inout [[String]: Int]) throws(StoreError) -> BuildLanguages {
        let bundles = try timeline.bundles(in: b)
        let info = bundle.map { id in bundles.first { $0.identifier == id || $0.path.description == id } }
            ?? Self.mainBundle(bundles)
        let languages = Set(info?.localizations ?? [])
        var found: BuildLanguages = (info != nil, nil, 0, languages.sorted().map { ($0, nil) })
        if let info, let ref = LanguageCode.reference(among: languages, configured: reference,
                                                      developmentRegion: try developmentRegion(info, b, timeline)) {
            let folders = try lprojFolders(info, b, timeline)
            func keys(_ language: String) throws(StoreError) -> (id: String, set: Set<String>) {
                guard let folder = folders[Array(language.utf8)] else { return ("", []) }
                return (folder.objectID, try timeline.stringKeys(in: folder))
            }
            let refKeys = try keys(ref)
            found.reference = ref
            found.keys = refKeys.set.count
            found.common = []
            for lang in languages.sorted() {
                let k = try keys(lang)
                let pair = [k.id, refKeys.id]
                let common = shared[pair] ?? k.set.intersection(refKeys.set).count
                shared[pair] = common
                found.common.append((lang, common))
            }
        }
        return found
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

    /// The `.lproj` entries of the bundle's resources folder in `plists/`, by the bytes of
    /// the language's name: one folder read per build instead of one lookup per language.
    private static func lprojFolders(_ info: BundleInfo, _ b: TimelineBuild, _ timeline: HistoryTimeline)
        throws(StoreError) -> [[UInt8]: StoredObject] {
        guard let resources = try timeline.object(at: info.resourcesPath, in: b, area: .plists) else { return [:] }
        var out: [[UInt8]: StoredObject] = [:]
        let suffix = Array(".lproj".utf8)
        for (name, object) in try timeline.children(of: resources) where name.count >= suffix.count
            && name.suffix(suffix.count).elementsEqual(suffix) {
            out[Array(name.dropLast(suffix.count))] = object
        }
        return out
    }
}
