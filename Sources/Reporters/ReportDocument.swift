import BundleModel
import Comparison
import Rules

/// The JSON report (`--format json`): everything the other formats show, in the shape
/// `docs/report-schema.json` describes. Optional fields are left out when they do not
/// apply; lists keep the report's order, so the same comparison encodes byte for byte
/// the same.
struct ReportDocument: Encodable {
    /// The schema's version: additive changes keep it, breaking changes bump it.
    static let version = 1
    /// The schema's `$id`, written into every document.
    static let schemaID = "urn:bundlediff:report-schema:1"

    var schema = Self.schemaID
    var schemaVersion = Self.version
    var tool: Tool
    var date: String
    var kind: String
    var app: String
    var old: Side
    var new: Side
    var verdict: Verdict
    var rules: [RuleRun]
    var findings: [FindingEntry]
    var bundles: [BundleEntry]
    var moves: [MoveEntry]
    var outsideBundles: FileChangesEntry
    var localization: [LocalizationEntry]

    private enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case schemaVersion, tool, date, kind, app, old, new, verdict, rules, findings, bundles, moves
        case outsideBundles, localization
    }

    struct Tool: Encodable {
        var name = "bundlediff"
        var version: String
    }

    /// One side: what the user named, the recorded commit and the build's main bundle.
    struct Side: Encodable {
        var reference: String
        var commit: String?
        var source: String
        var sourceKind: String
        var mainBundle: Versions?
        /// Only for a data container.
        var container: Container?
    }

    /// Whose data container a side is, and the app build it belongs to when known.
    struct Container: Encodable {
        var app: String
        var layout: String
        var appBuild: String?
    }

    /// A bundle's identity and versions.
    struct Versions: Encodable {
        var path: String
        var kind: String
        var identifier: String?
        var shortVersion: String?
        var version: String?
    }

    struct Verdict: Encodable {
        var status: String
        var exitStatus: Int32
        var failing: Int
        var failOn: String
        var onlyNew: Bool
        /// The two builds are the same, file for file.
        var identical: Bool
        var counts: Counts
    }

    struct Counts: Encodable {
        var error: Int
        var warning: Int
        var info: Int
    }

    /// A rule that ran, with what it found.
    struct RuleRun: Encodable {
        var id: String
        var name: String
        var findings: Int
        var failing: Int
    }

    struct FindingEntry: Encodable {
        var ruleId: String
        var severity: String
        var bundle: String
        var message: String
        var paths: [String]
        var fingerprint: String
        var isNew: Bool?
        var isAccepted: Bool
        var isFailing: Bool
    }

    init(_ r: DiffReport) {
        let c = r.comparison
        let failing = Set(r.failing)
        tool = Tool(version: r.toolVersion)
        date = r.date
        kind = r.kind.rawValue
        app = r.appName
        old = Side(r.oldSide, c.old)
        new = Side(r.newSide, c.new)
        verdict = Verdict(status: failing.isEmpty ? "pass" : "fail", exitStatus: r.exitStatus, failing: failing.count,
                          failOn: r.failOn.rawValue, onlyNew: r.onlyNew, identical: r.isIdentical,
                          counts: Counts(error: r.findings.count { $0.severity == .error },
                                         warning: r.findings.count { $0.severity == .warning },
                                         info: r.findings.count { $0.severity == .info }))
        rules = r.rules.map { id in
            RuleRun(id: id.rawValue, name: id.description.name, findings: r.findings.count { $0.ruleID == id },
                    failing: failing.count { $0.ruleID == id })
        }
        findings = r.findings.map { f in
            FindingEntry(ruleId: f.ruleID.rawValue, severity: f.severity.rawValue, bundle: f.bundle, message: f.message,
                         paths: f.paths.map(\.description), fingerprint: f.fingerprint, isNew: f.isNew,
                         isAccepted: f.isAccepted, isFailing: failing.contains(f))
        }
        let summaries = BundleSummary.all(c)
        bundles = zip(c.bundles, summaries).map { BundleEntry($0, summary: $1, comparison: c) }
        moves = c.moves.map(MoveEntry.init)
        outsideBundles = FileChangesEntry(c.outsideBundles, comparison: c)
        localization = r.localization.map(LocalizationEntry.init)
    }
}

extension ReportDocument.Side {
    init(_ side: DiffReport.Side, _ snapshot: BuildSnapshot) {
        reference = side.reference
        commit = side.commit
        source = snapshot.sourceName
        sourceKind = snapshot.sourceKind.rawValue
        mainBundle = snapshot.mainBundle.map(ReportDocument.Versions.init)
        container = snapshot.container.map {
            ReportDocument.Container(app: $0.appIdentifier, layout: $0.layout.rawValue, appBuild: side.appBuild)
        }
    }
}

extension ReportDocument.Versions {
    init(_ b: BundleInfo) {
        path = b.path.description
        kind = b.kind.rawValue
        identifier = b.identifier
        shortVersion = b.shortVersion
        version = b.version
    }
}
