import BundleModel
import Comparison
import Rules

/// Everything a reporter renders: the two builds, the facts, the findings and the gate
/// settings. The report's date and the tool version are inputs, so the same comparison
/// renders byte for byte the same output anywhere; so does JUnit's `time`, the measured
/// `elapsed`, which the CLI leaves out under SOURCE_DATE_EPOCH.
public struct DiffReport: Sendable {
    /// Which command made the report: the full `diff`, the version `gate`, or the App
    /// Store preflight `check` of one build (both sides are that build, nothing changed).
    public enum Kind: String, Sendable {
        case diff, gate, check
    }

    public var kind: Kind
    /// How the user named each side (a path or a snapshot reference), with its identity.
    public var oldSide: Side
    public var newSide: Side
    public var comparison: BuildComparison
    /// Findings in report order.
    public var findings: [Finding]
    /// Each bundle's string tables × languages, before and after.
    public var localization: [LocalizationMatrix.Change]
    /// The rules that ran (passing or not), in id order: what JUnit counts as test cases.
    public var rules: [RuleID]
    public var failOn: Severity
    public var onlyNew: Bool
    public var toolVersion: String
    /// When the report was made, ISO 8601 UTC (`2026-11-01T09:00:00Z`).
    public var date: String
    /// How long the comparison took (reading, comparing, judging), when measured: JUnit's
    /// `time`. Nil renders as 0.
    public var elapsed: Duration?

    /// One side of the comparison as reports name it.
    public struct Side: Sendable, Hashable {
        /// What the user passed (`build/MyApp.ipa`, `com.example.app@1.2`, `latest`).
        public var reference: String
        /// The recorded commit, when the side came from the history.
        public var commit: String?
        /// For a data container: the app build it belongs to (`1.2 (45)`), when known.
        public var appBuild: String?

        public init(reference: String, commit: String? = nil, appBuild: String? = nil) {
            self.reference = reference
            self.commit = commit
            self.appBuild = appBuild
        }
    }

    /// Whether the report compares two data containers (a migration report), not builds.
    public var isContainerDiff: Bool { comparison.new.isContainer }

    /// How headers name one side's version: the main bundle's `short (build)`, or for a
    /// data container the app build it belongs to.
    func versionText(isNew: Bool) -> String {
        let snapshot = isNew ? comparison.new : comparison.old
        guard snapshot.isContainer else { return TextFormatting.version(snapshot.mainBundle) }
        let side = isNew ? newSide : oldSide
        return "data container, build " + TextFormatting.oneLine(side.appBuild ?? "unknown")
    }

    /// The words after a side's reference that say which app build a data container
    /// belongs to; empty for builds.
    func containerNote(_ side: Side) -> String {
        guard isContainerDiff else { return "" }
        return ", data container of " + (side.appBuild.map { "build \($0)" } ?? "an unknown build")
    }

    public init(kind: Kind = .diff, oldSide: Side, newSide: Side, comparison: BuildComparison, findings: [Finding],
                localization: [LocalizationMatrix.Change] = [], rules: [RuleID] = [], failOn: Severity, onlyNew: Bool,
                toolVersion: String, date: String) {
        self.kind = kind
        self.oldSide = oldSide
        self.newSide = newSide
        self.comparison = comparison
        self.findings = findings.sorted()
        self.localization = localization
        self.rules = rules
        self.failOn = failOn
        self.onlyNew = onlyNew
        self.toolVersion = toolVersion
        self.date = date
    }

    /// The findings that fail the gate.
    public var failing: [Finding] { Gate.failing(findings, failOn: failOn, onlyNew: onlyNew) }

    /// Whether the two builds are the same, file for file (signatures and property lists
    /// included): `diff` then runs no rule and passes; `gate` fails as the same build.
    public var isIdentical: Bool { kind != .check && comparison.isIdentical }

    /// What every report format says of identical builds.
    public static let identicalNote = "the builds are identical"

    /// 0 when nothing fails, 1 otherwise.
    public var exitStatus: Int32 { failing.isEmpty ? 0 : 1 }

    /// The app the report is about: a data container's app, else the main bundle's
    /// identifier, else the build's name.
    public var appName: String {
        let c = comparison
        if let container = c.new.container ?? c.old.container { return container.appIdentifier }
        return c.old.mainBundle?.identifier ?? c.new.mainBundle?.identifier ?? c.new.sourceName
    }
}
