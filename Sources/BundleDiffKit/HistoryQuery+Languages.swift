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
        for b in builds {
            let bundles = try read { () throws(StoreError) in try timeline.bundles(in: b) }
            let info = bundle.map { id in bundles.first { $0.identifier == id || $0.path.description == id } }
                ?? Self.mainBundle(bundles)
            let languages = Set(info?.localizations ?? [])
            sawBundle = sawBundle || info != nil
            var state = (languages: [String: Double](), reference: String?.none, keys: 0, changes: "")
            if let info, let ref = LanguageCode.reference(among: languages, configured: reference,
                                                          developmentRegion: try developmentRegion(info, b)) {
                let refKeys = try keys(ref, info, b)
                state.reference = ref
                state.keys = refKeys.set.count
                for lang in languages {
                    let k = try keys(lang, info, b)
                    let pair = [k.id, refKeys.id]
                    let common = shared[pair] ?? k.set.intersection(refKeys.set).count
                    shared[pair] = common
                    state.languages[lang] = refKeys.set.isEmpty ? 100 : Double(common) * 100 / Double(refKeys.set.count)
                }
            }
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
                          + order.map { lang in s.languages[lang].map { .number($0, String(format: "%.1f%%", $0)) } ?? .none })
        }
        return t
    }

    /// The bundle's `CFBundleDevelopmentRegion` (its Info.plist decoded once per blob).
    private func developmentRegion(_ info: BundleInfo, _ b: TimelineBuild) throws(UserFacingError) -> String? {
        guard let object = try read({ () throws(StoreError) in try timeline.object(at: info.infoPlistPath, in: b, area: .plists) })
        else { return nil }
        let plist = try read { () throws(StoreError) in try timeline.plist(object) }
        return plist.document?.root["CFBundleDevelopmentRegion"]?.stringValue
    }

    /// The string keys of one language of a bundle, with an identity for memoising.
    private func keys(_ language: String, _ info: BundleInfo, _ b: TimelineBuild) throws(UserFacingError)
        -> (id: String, set: Set<String>) {
        let folder = info.resourcesPath.appending(language + ".lproj")
        guard let object = try read({ () throws(StoreError) in try timeline.object(at: folder, in: b, area: .plists) }) else {
            return ("", [])
        }
        return (object.objectID, try read { () throws(StoreError) in try timeline.stringKeys(in: object) })
    }
}
