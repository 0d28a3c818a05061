import Rules

/// Reads the settings mapping of a configuration file, collecting every problem.
struct ConfigurationReader {
    let file: String
    var problems: [String] = []

    static let knownKeys: Set<String> = [
        "version_policy", "reference_language", "check_framework_versions", "fail_on", "only_new", "first_build", "rules",
        "baseline", "distribution", "profile_expiry_days",
    ]

    init(file: String) { self.file = file }

    /// The folder of the configuration file, with a trailing slash (or empty): baseline
    /// paths are relative to it.
    var directory: String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[...slash])
    }

    mutating func read(_ map: [String: Any]) -> ConfigurationFile {
        var out = ConfigurationFile()
        for key in map.keys.sorted() where !Self.knownKeys.contains(key) {
            problems.append("unknown setting '\(key)' (known: \(Self.knownKeys.sorted().joined(separator: ", ")))")
        }
        if let v = map["version_policy"] {
            if let text = v as? String, let policy = RuleConfiguration.VersionPolicy(rawValue: text) {
                out.rules.versionPolicy = policy
            } else {
                problems.append("version_policy must be strict, train or automatic")
            }
        }
        if let v = map["reference_language"] {
            if let text = v as? String, !text.isEmpty { out.rules.referenceLanguage = text } else {
                problems.append("reference_language must be a language folder name such as en")
            }
        }
        if let v = map["check_framework_versions"] {
            if let flag = v as? Bool { out.rules.checkFrameworkVersions = flag } else {
                problems.append("check_framework_versions must be true or false")
            }
        }
        if let v = map["distribution"] {
            if let text = v as? String, let d = RuleConfiguration.Distribution(rawValue: text) {
                out.rules.distribution = d
            } else {
                problems.append("distribution must be app-store, ad-hoc, enterprise, developer-id or none")
            }
        }
        if let v = map["profile_expiry_days"] {
            if let days = v as? Int, (0...3650).contains(days) { out.rules.profileExpiryDays = days } else {
                problems.append("profile_expiry_days must be a whole number of days from 0 to 3650")
            }
        }
        if let v = map["fail_on"] {
            if let text = v as? String, let s = Severity(rawValue: text) { out.failOn = s } else {
                problems.append("fail_on must be error, warning or info")
            }
        }
        if let v = map["only_new"] {
            if let flag = v as? Bool { out.onlyNew = flag } else { problems.append("only_new must be true or false") }
        }
        if let v = map["first_build"] {
            if let flag = v as? Bool { out.firstBuild = flag } else { problems.append("first_build must be true or false") }
        }
        if let v = map["rules"] { readRules(v, into: &out.rules) }
        if let v = map["baseline"] {
            if let items = v as? [Any], items.allSatisfy({ $0 is String }) {
                out.rules.acceptedFingerprints = Set(items.compactMap { $0 as? String })
            } else if let file = v as? String {
                let path = file.hasPrefix("/") ? file : directory + file
                do { out.rules.acceptedFingerprints = try BaselineFile.read(path) } catch { problems.append(error.description) }
            } else {
                problems.append("baseline must be a list of finding fingerprints or the path of a baseline file")
            }
        }
        return out
    }

    private mutating func readRules(_ value: Any, into rules: inout RuleConfiguration) {
        guard let map = value as? [String: Any] else {
            problems.append("rules must map rule ids to off, info, warning or error")
            return
        }
        for (id, setting) in map.sorted(by: { $0.key < $1.key }) {
            guard let rule = RuleID(rawValue: id) else {
                problems.append("unknown rule '\(id)' (run `bundlediff rules` for the list)")
                continue
            }
            if let flag = setting as? Bool, flag == false {
                rules.disabled.insert(rule)
            } else if let text = setting as? String, text == "off" {
                rules.disabled.insert(rule)
            } else if let text = setting as? String, let severity = Severity(rawValue: text) {
                rules.severities[rule] = severity
            } else {
                problems.append("rule '\(id)' must be off, info, warning or error")
            }
        }
    }
}
