import BundleModel
import Comparison
import PropertyLists

/// The defaults property lists (`Library/Preferences/<domain>.plist`) of two data
/// containers, compared key by key at the top level: settings removed, and settings
/// renamed (the same value under a new key, so the code migrated them).
struct ContainerDefaults {
    /// A top-level key gone from a defaults plist, with no new key holding its value.
    struct Removed {
        var path: BundlePath
        var key: String
        var value: PlistValue
    }

    /// A top-level key gone, with its value now under a new key of the same plist.
    struct Renamed {
        var path: BundlePath
        var oldKey: String
        var newKey: String
        var value: PlistValue
    }

    var removed: [Removed] = []
    var renamed: [Renamed] = []
    /// Defaults plists the old container had and the new one lacks (every setting lost).
    var lostFiles: [(path: BundlePath, keys: Int)] = []

    static let preferences = BundlePath("Library/Preferences")

    /// Every key and value the new container's defaults hold, at any depth of any of its
    /// defaults plists: a setting the new version moved to a suite
    /// (`UserDefaults(suiteName:)`) or into a dictionary, with its value, is kept.
    private var kept: [String: [PlistValue]] = [:]

    init(_ context: RuleContext) {
        let c = context.comparison
        guard c.old.isContainer, c.new.isContainer else { return }
        for (path, plist) in c.new.plists where Self.isAppDefaults(path) {
            if let root = plist.document?.root.dictionaryValue { collect(root, depth: 0) }
        }
        for (path, plist) in c.old.plists.sorted(by: { $0.key < $1.key }) where Self.isAppDefaults(path) {
            guard let old = plist.document?.root.dictionaryValue else { continue }
            guard let newPlist = c.new.plists[path] else {
                let lost = old.entries.filter { !isKept($0.key, $0.value) }.count
                if lost > 0 { lostFiles.append((path, lost)) }
                continue
            }
            // An undecodable new plist is the preferences rule's finding, not lost keys.
            guard let new = newPlist.document?.root.dictionaryValue else { continue }
            compare(path, old: old, new: new)
        }
    }

    /// A defaults plist of the app's own: `Library/Preferences/<domain>.plist`, but not a
    /// system framework's domain (`com.apple.*`), which the app neither writes nor migrates.
    static func isAppDefaults(_ path: BundlePath) -> Bool {
        let name = path.nameString
        return path.parent == preferences && name.hasSuffix(".plist") && !name.hasPrefix("com.apple.")
    }

    private mutating func collect(_ dictionary: PlistDictionary, depth: Int) {
        guard depth < 8 else { return }
        for (key, value) in dictionary.entries {
            kept[key, default: []].append(value)
            if let inner = value.dictionaryValue { collect(inner, depth: depth + 1) }
        }
    }

    /// Whether the new container's defaults hold `key` with `value` somewhere.
    private func isKept(_ key: String, _ value: PlistValue) -> Bool { kept[key]?.contains(value) == true }

    /// Pairs each removed key with the one added key holding the same value, when that
    /// pairing is unique both ways. A Boolean is too common a value to tell a rename by:
    /// it pairs only when it is the plist's one removed and one added key.
    private mutating func compare(_ path: BundlePath, old: PlistDictionary, new: PlistDictionary) {
        let gone = old.entries.filter { new[$0.key] == nil }
        let came = new.entries.filter { old[$0.key] == nil }
        for entry in gone {
            let matches = came.filter { $0.value == entry.value }
            let sameValueGone = gone.filter { $0.value == entry.value }
            let isBool = if case .boolean = entry.value { true } else { false }
            if matches.count == 1, sameValueGone.count == 1, !isBool || (gone.count == 1 && came.count == 1) {
                renamed.append(Renamed(path: path, oldKey: entry.key, newKey: matches[0].key, value: entry.value))
            } else if isKept(entry.key, entry.value) {
                continue  // moved, with its value, to a suite or into a dictionary
            } else {
                removed.append(Removed(path: path, key: entry.key, value: entry.value))
            }
        }
    }

    /// Words of a defaults key that names a secret (an auth token, a password): its value
    /// is not repeated into a report, which CI logs and pull requests show to many.
    static let secretWords = ["token", "password", "passwd", "secret", "credential", "apikey", "api_key", "privatekey",
                              "private_key", "session", "cookie", "auth"]

    /// A removed or renamed setting's value as a report shows it: the value, or a note
    /// in its place when the key names a secret.
    static func shown(_ key: String, _ value: PlistValue) -> String {
        let lower = key.lowercased()
        guard !secretWords.contains(where: { lower.contains($0) }) else { return "a value not shown: the key names a secret" }
        return PlistText.render(value)
    }
}
