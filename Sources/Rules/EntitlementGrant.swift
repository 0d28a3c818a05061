import PropertyLists

/// Whether a provisioning profile's entitlement value grants the value a code signature
/// claims, with the profile semantics Apple documents (TN3125) and signing tools apply:
///
/// - a profile string is a pattern: `*` grants anything, a trailing `*` grants every value
///   with that prefix (`TEAMID.*`, `TEAMID.com.example.*`), anything else only itself;
/// - a profile array grants each value one of its patterns grants; a signed array must be
///   a subset (each element granted), a signed string one element;
/// - a profile boolean `true` grants `true` and `false`; `false` grants only `false` (a
///   signed `false` claims nothing).
///
/// Strings compare without regard to case (the developer portal ignores it for ids; a
/// false alarm costs more than a miss). Any other combination of types is `nil`: not
/// judged.
enum EntitlementGrant {
    /// Values no profile lists that iOS grants anyway, per key (Xcode adds `com.apple.token`
    /// for CryptoTokenKit; older profiles do not list it).
    static let alwaysGranted: [String: Set<String>] = ["keychain-access-groups": ["com.apple.token"]]

    /// True when `profile` grants `signed` for `key`, false when it does not, nil when the
    /// types are outside what the semantics above state.
    static func grants(_ profile: PlistValue, _ signed: PlistValue, key: String) -> Bool? {
        let implicit = alwaysGranted[key] ?? []
        switch (profile, signed) {
        case (.boolean(let granted), .boolean(let claimed)):
            return granted || !claimed
        case (.string, .string(let s)), (.array, .string(let s)):
            guard let patterns = patterns(profile) else { return nil }
            return implicit.contains(s) || patterns.contains { matches(s, $0) }
        case (.string, .array(let values)), (.array, .array(let values)):
            guard let patterns = patterns(profile) else { return nil }
            var all = true
            for value in values {
                guard let s = value.stringValue else { return nil }
                if !implicit.contains(s) && !patterns.contains(where: { matches(s, $0) }) { all = false }
            }
            return all
        default:
            return nil
        }
    }

    /// The string patterns of a profile value; nil when it holds anything but strings.
    private static func patterns(_ value: PlistValue) -> [String]? {
        if let s = value.stringValue { return [s] }
        guard let array = value.arrayValue else { return nil }
        let strings = array.compactMap(\.stringValue)
        return strings.count == array.count ? strings : nil
    }

    /// `value` matched against one profile pattern (`*`, a trailing `*`, or exact).
    static func matches(_ value: String, _ pattern: String) -> Bool {
        let v = value.lowercased(), p = pattern.lowercased()
        if p.hasSuffix("*") { return v.hasPrefix(p.dropLast()) }
        return v == p
    }
}
