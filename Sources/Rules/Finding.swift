import BundleModel

/// A judgment a rule made about a comparison: one line in a report.
public struct Finding: Sendable, Hashable, Comparable {
    public var ruleID: RuleID
    public var severity: Severity
    /// The bundle it is about (`BundleComparison.name`), empty for the whole build.
    public var bundle: String
    /// One line: what is wrong and what to do.
    public var message: String
    /// The paths involved, in the new build where they exist there, else the old.
    public var paths: [BundlePath]
    /// True when new in this build, false when the old build already had it, nil when the
    /// question does not apply (version findings are always about this build).
    public var isNew: Bool?
    /// A stable identity for baselines: same problem in another build, same fingerprint.
    /// Built from the rule id, the bundle and the rule's own subject, never from line text.
    public var fingerprint: String
    /// True when the configuration's baseline lists the fingerprint (accepted finding).
    public var isAccepted: Bool

    public init(ruleID: RuleID, severity: Severity, bundle: String, message: String,
                paths: [BundlePath] = [], isNew: Bool? = nil, subject: String, isAccepted: Bool = false) {
        self.ruleID = ruleID
        self.severity = severity
        self.bundle = bundle
        self.message = message
        self.paths = paths
        self.isNew = isNew
        self.fingerprint = Finding.fingerprint(ruleID: ruleID, bundle: bundle, subject: subject)
        self.isAccepted = isAccepted
    }

    /// `<rule id>|<bundle>|<subject>`: what baselines store.
    public static func fingerprint(ruleID: RuleID, bundle: String, subject: String) -> String {
        "\(ruleID.rawValue)|\(bundle)|\(subject)"
    }

    /// Report order: severity (error first), then rule id, bundle, paths and message.
    public static func < (a: Finding, b: Finding) -> Bool {
        if a.severity != b.severity { return a.severity > b.severity }
        if a.ruleID != b.ruleID { return a.ruleID.rawValue < b.ruleID.rawValue }
        if a.bundle != b.bundle { return a.bundle < b.bundle }
        if a.paths != b.paths { return a.paths.lexicographicallyPrecedes(b.paths) }
        return a.message < b.message
    }
}
