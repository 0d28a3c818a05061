/// What a rule is, in its own words, with examples that the test suite runs.
public struct RuleDescription: Sendable {
    public var id: RuleID
    /// A short title (`CFBundleVersion did not increase`).
    public var name: String
    public var defaultSeverity: Severity
    /// Why the rule exists: the platform rule or the failure it prevents.
    public var rationale: String
    /// The App Store Connect validation errors the rule predicts (`ITMS-90171`), if any.
    public var appStoreCodes: [String]
    /// Builds on which the rule must report at least one finding.
    public var triggeringExamples: [RuleExample] { examples().triggering }
    /// Builds on which the rule must stay silent.
    public var nonTriggeringExamples: [RuleExample] { examples().nonTriggering }
    /// The examples, built when asked: every command reads the descriptions (names,
    /// severities), only the tests read the examples, and built with the description they
    /// were 400 example builds kept for the life of every process.
    private let examples: @Sendable () -> (triggering: [RuleExample], nonTriggering: [RuleExample])

    public init(id: RuleID, name: String, defaultSeverity: Severity, rationale: String, appStoreCodes: [String] = [],
                triggeringExamples: @autoclosure @escaping @Sendable () -> [RuleExample],
                nonTriggeringExamples: @autoclosure @escaping @Sendable () -> [RuleExample]) {
        self.id = id
        self.name = name
        self.defaultSeverity = defaultSeverity
        self.rationale = rationale
        self.appStoreCodes = appStoreCodes
        examples = { (triggeringExamples(), nonTriggeringExamples()) }
    }
}

/// One example comparison for a rule: an old build (or none), a new build, the settings.
public struct RuleExample: Sendable {
    public var name: String
    public var old: ExampleBuild?
    public var new: ExampleBuild
    public var configuration: RuleConfiguration
    public var history: [RecordedVersion]?
    /// For triggering examples: how many findings of the rule are expected (nil: at least one).
    public var expectedCount: Int?
    /// The report's date, seconds since 1970 (for rules that judge dates, such as expiry).
    public var reportDate: Int64?

    public init(_ name: String, old: ExampleBuild?, new: ExampleBuild,
                configuration: RuleConfiguration = RuleConfiguration(),
                history: [RecordedVersion]? = nil, expectedCount: Int? = nil, reportDate: Int64? = nil) {
        self.name = name
        self.old = old
        self.new = new
        self.configuration = configuration
        self.history = history
        self.expectedCount = expectedCount
        self.reportDate = reportDate
    }
}
