/// A judgment over a comparison. Each rule describes itself (id, default severity,
/// rationale, examples that run as tests) and emits findings; it never knows about git.
public protocol Rule: Sendable {
    /// The rule's id, severity, rationale and examples.
    static var description: RuleDescription { get }
    init()
    /// The findings for this comparison. Severity comes from `context.severity(of:)`;
    /// the engine applies the baseline and the final ordering.
    func findings(in context: RuleContext) -> [Finding]
}
