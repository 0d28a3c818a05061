import BundleModel
import Comparison
import Rules

/// Everything a reporter renders: the two builds, the facts, the findings and the gate
/// settings. The tool version is an input, so the same comparison renders byte for byte
/// the same output anywhere.
public struct DiffReport: Sendable {
    /// How the user named each side (a path or a snapshot reference), with its identity.
    public var oldSide: Side
    public var newSide: Side
    public var comparison: BuildComparison
    /// Findings in report order.
    public var findings: [Finding]
    public var failOn: Severity
    public var onlyNew: Bool
    public var toolVersion: String

    /// One side of the comparison as reports name it.
    public struct Side: Sendable, Hashable {
        /// What the user passed (`build/MyApp.ipa`, `com.example.app@1.2`, `latest`).
        public var reference: String
        /// The recorded commit, when the side came from the history.
        public var commit: String?

        public init(reference: String, commit: String? = nil) {
            self.reference = reference
            self.commit = commit
        }
    }

    public init(oldSide: Side, newSide: Side, comparison: BuildComparison, findings: [Finding],
                failOn: Severity, onlyNew: Bool, toolVersion: String) {
        self.oldSide = oldSide
        self.newSide = newSide
        self.comparison = comparison
        self.findings = findings.sorted()
        self.failOn = failOn
        self.onlyNew = onlyNew
        self.toolVersion = toolVersion
    }

    /// The findings that fail the gate.
    public var failing: [Finding] { Gate.failing(findings, failOn: failOn, onlyNew: onlyNew) }

    /// 0 when nothing fails, 1 otherwise.
    public var exitStatus: Int32 { failing.isEmpty ? 0 : 1 }
}
