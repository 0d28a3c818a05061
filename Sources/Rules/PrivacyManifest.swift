import BundleModel
import PropertyLists

/// What a `PrivacyInfo.xcprivacy` declares and what App Store Connect would refuse in it:
/// the required-reason categories with their reasons, and the problems, each with the
/// code App Store Connect sends for it.
public struct PrivacyManifest: Sendable {
    /// One thing App Store Connect refuses in a manifest.
    public struct Problem: Sendable, Hashable {
        /// `ITMS-91054` (category), `ITMS-91055` (reason), `ITMS-91056` (keys and values).
        public var code: String
        /// What is wrong, one line (values quoted as they are; reporters escape).
        public var message: String
        /// A stable subject for the finding's fingerprint.
        public var subject: String
    }

    /// The file name App Store Connect reads; other `.xcprivacy` names are not manifests.
    public static let fileName = "PrivacyInfo.xcprivacy"

    /// Declared categories (valid or not) and their reason codes.
    public private(set) var declared: [String: Set<String>] = [:]
    public private(set) var problems: [Problem] = []

    /// Reads a decoded manifest (or records why it cannot be read).
    public init(_ decoded: DecodedPlist) {
        guard let document = decoded.document else {
            if case .undecodable(let reason) = decoded {
                problem("ITMS-91056", "does not parse as a property list: \(reason)", subject: "parse")
            }
            return
        }
        guard case .dictionary(let root) = document.root else {
            problem("ITMS-91056", "is \(document.root.typeNameWithArticle), not a dictionary", subject: "root")
            return
        }
        expect(root["NSPrivacyTracking"], "NSPrivacyTracking", "a boolean") { if case .boolean = $0 { true } else { false } }
        expect(root["NSPrivacyTrackingDomains"], "NSPrivacyTrackingDomains", "an array of strings") {
            $0.arrayValue?.allSatisfy { $0.stringValue != nil } ?? false
        }
        expect(root["NSPrivacyCollectedDataTypes"], "NSPrivacyCollectedDataTypes", "an array of dictionaries") {
            $0.arrayValue?.allSatisfy { $0.dictionaryValue != nil } ?? false
        }
        guard let apis = root["NSPrivacyAccessedAPITypes"] else { return }
        guard let entries = apis.arrayValue, entries.allSatisfy({ $0.dictionaryValue != nil }) else {
            problem("ITMS-91056", "NSPrivacyAccessedAPITypes is \(apis.typeNameWithArticle), not an array of dictionaries",
                    subject: "NSPrivacyAccessedAPITypes")
            return
        }
        for entry in entries.compactMap(\.dictionaryValue) { read(entry) }
    }

    /// Whether `category` is declared with at least one reason valid for it.
    public func declaresValidly(_ category: RequiredReasonCategory) -> Bool {
        !(declared[category.name] ?? []).isDisjoint(with: category.reasons)
    }

    private mutating func read(_ entry: PlistDictionary) {
        guard let name = entry["NSPrivacyAccessedAPIType"]?.stringValue else {
            problem("ITMS-91056", "an NSPrivacyAccessedAPITypes entry has no NSPrivacyAccessedAPIType string",
                    subject: "NSPrivacyAccessedAPIType")
            return
        }
        let reasons: [String]
        switch entry["NSPrivacyAccessedAPITypeReasons"] {
        case .array(let values)? where values.allSatisfy({ $0.stringValue != nil }):
            reasons = values.compactMap(\.stringValue)
        case let other?:
            problem("ITMS-91056", "NSPrivacyAccessedAPITypeReasons of \(name) is \(other.typeNameWithArticle), "
                    + "not an array of strings", subject: "reasons-type|\(name)")
            return
        case nil:
            reasons = []
        }
        declared[name, default: []].formUnion(reasons)
        guard let category = PrivacyLists.category(named: name) else {
            problem("ITMS-91054", "'\(name)' is not a required-reason API category", subject: "category|\(name)")
            return
        }
        for reason in reasons where !category.reasons.contains(reason) {
            problem("ITMS-91055", "'\(reason)' is not a reason code of \(name) (valid: "
                    + category.reasons.sorted().joined(separator: ", ") + ")", subject: "reason|\(name)|\(reason)")
        }
    }

    private mutating func expect(_ value: PlistValue?, _ key: String, _ kind: String, _ valid: (PlistValue) -> Bool) {
        guard let value, !valid(value) else { return }
        problem("ITMS-91056", "\(key) is \(value.typeNameWithArticle), not \(kind)", subject: key)
    }

    private mutating func problem(_ code: String, _ message: String, subject: String) {
        problems.append(Problem(code: code, message: message, subject: subject))
    }
}
