import FoundationEssentials
import Rules

/// `.bundlediff.yml`: the settings a team keeps in its repository (see docs/configuration.md).
///
///     version_policy: train            # strict | train | automatic
///     reference_language: en
///     check_framework_versions: false
///     fail_on: error                   # error | warning | info
///     only_new: false
///     first_build: false               # gate: pass with no earlier build recorded
///     rules:
///       l10n.untranslated: off         # off | info | warning | error
///     baseline:
///       - "l10n.missing-file|Wanderlust.app|en.lproj/Help.html@de"
public struct ConfigurationFile: Sendable, Equatable {
    /// The file looked for in the working directory and the folders above it, up to the git
    /// work tree's root (`discover(from:)`), when `--config` is not given.
    public static let defaultName = ".bundlediff.yml"

    public var rules: RuleConfiguration
    public var failOn: Severity?
    public var onlyNew: Bool?
    /// `first_build`: the gate may pass with no earlier build to compare with (`--first-build`).
    public var firstBuild: Bool?

    public init(rules: RuleConfiguration = RuleConfiguration(), failOn: Severity? = nil, onlyNew: Bool? = nil,
                firstBuild: Bool? = nil) {
        self.rules = rules
        self.failOn = failOn
        self.onlyNew = onlyNew
        self.firstBuild = firstBuild
    }

    /// Loads `explicit` (which must exist), else `found` (a discovered file), else defaults.
    public static func load(explicit: String?, found: String?) throws(UserFacingError) -> ConfigurationFile {
        guard let path = explicit ?? found, FileManager.default.fileExists(atPath: path) else {
            if let explicit { throw UserFacingError("\(explicit): no such configuration file") }
            return ConfigurationFile()
        }
        guard let bytes = try YAMLDocument.contents(of: path, limits: .configuration, what: "a configuration file") else {
            throw UserFacingError("\(path): cannot read the configuration file")
        }
        return try parse(bytes, file: path)
    }

    /// Parses YAML text; every problem is collected into one message naming `file`.
    public static func parse(_ text: String, file: String) throws(UserFacingError) -> ConfigurationFile {
        try parse(Array(text.utf8), file: file)
    }

    /// Parses YAML bytes within `YAMLDocument.Limits.configuration` (a pull request
    /// controls this file); every problem is collected into one message naming `file`.
    static func parse(_ bytes: [UInt8], file: String) throws(UserFacingError) -> ConfigurationFile {
        let root = try YAMLDocument.parse(bytes, file: file, limits: .configuration)
        if root == nil { return ConfigurationFile() }
        guard let map = root as? [String: Any] else {
            throw UserFacingError("\(file): the configuration must be a mapping of settings")
        }
        var reader = ConfigurationReader(file: file)
        let config = reader.read(map)
        if !reader.problems.isEmpty {
            throw UserFacingError("\(file): " + reader.problems.joined(separator: "; "))
        }
        return config
    }
}
