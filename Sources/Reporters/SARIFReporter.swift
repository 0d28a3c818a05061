import BundleModel
import Rules
import TextSafety

/// `--format sarif`: SARIF 2.1.0 (OASIS), for GitHub code scanning and other SARIF
/// viewers. One run: the tool with every rule that ran as a `reportingDescriptor` (its
/// title, rationale and default level), then one result per finding.
///
/// - `level`: error → `error`, warning → `warning`, info → `note`.
/// - `partialFingerprints["bundlediff/v1"]`: the finding's fingerprint (what baselines
///   store), so a viewer tracks the same problem from build to build.
/// - Locations: each path as a URI relative to `BUILD` (the build's root folder: the new
///   build's where the path exists there, else the old's), with the bundle as a logical
///   location; `baselineState` new/unchanged when known; a finding accepted in the baseline
///   carries an accepted external suppression.
/// - The run's `properties` hold the verdict: the sides, the gate and the failing count.
///
/// Messages are the findings' text with hidden characters made visible (`VisibleText`).
public enum SARIFReporter {
    /// The schema URI the document names (the OASIS errata 01 schema).
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    public static func render(_ r: DiffReport) -> String {
        let rules = r.rules.isEmpty ? Array(Set(r.findings.map(\.ruleID))).sorted { $0.rawValue < $1.rawValue } : r.rules
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let failing = Set(r.failing)
        let run = SARIFLog.Run(
            tool: .init(driver: .init(name: "bundlediff", version: r.toolVersion, rules: rules.map(descriptor))),
            invocations: [.init(executionSuccessful: true, exitCode: Int(r.exitStatus),
                                exitCodeDescription: r.failing.isEmpty ? "PASS" : "FAIL")],
            originalUriBaseIds: ["BUILD": .init(description: .init(
                text: "The root folder of the build a path is in: the new build where the path exists there, else the old."))],
            results: r.findings.map { result($0, ruleIndex: index[$0.ruleID], failing: failing.contains($0)) },
            properties: properties(r))
        do {
            return try JSONOutput.encode(SARIFLog(schema: schemaURI, version: "2.1.0", runs: [run]))
        } catch {
            // The document holds strings, integers and booleans only: it always encodes.
            preconditionFailure("the SARIF report could not be encoded: \(error)")
        }
    }

    /// `error`, `warning` or `note`.
    static func level(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    private static func descriptor(_ id: RuleID) -> SARIFLog.Descriptor {
        let d = id.description
        return .init(id: id.rawValue, name: d.name, shortDescription: .init(text: d.name),
                     fullDescription: .init(text: d.rationale), help: .init(text: d.rationale),
                     defaultConfiguration: .init(level: level(d.defaultSeverity)))
    }

    private static func result(_ f: Finding, ruleIndex: Int?, failing: Bool) -> SARIFLog.Result {
        let logical = f.bundle.isEmpty ? nil : [SARIFLog.LogicalLocation(fullyQualifiedName: VisibleText.escape(f.bundle),
                                                                         kind: "module")]
        var locations = f.paths.map { path in
            SARIFLog.Location(physicalLocation: .init(artifactLocation: .init(uri: uri(path), uriBaseId: "BUILD")),
                              logicalLocations: logical)
        }
        if locations.isEmpty, let logical { locations = [.init(physicalLocation: nil, logicalLocations: logical)] }
        return .init(ruleId: f.ruleID.rawValue, ruleIndex: ruleIndex, level: level(f.severity),
                     message: .init(text: VisibleText.escape(f.message)),
                     locations: locations.isEmpty ? nil : locations,
                     partialFingerprints: ["bundlediff/v1": f.fingerprint],
                     baselineState: f.isNew.map { $0 ? "new" : "unchanged" },
                     suppressions: f.isAccepted
                        ? [.init(kind: "external", status: "accepted", justification: "listed in the baseline")] : nil,
                     properties: .init(failing: failing))
    }

    /// A path as a relative URI reference: its bytes, with everything but unreserved
    /// characters and `/` percent-encoded (so also any byte that is not UTF-8).
    static func uri(_ path: BundlePath) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for b in path.bytes {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(b)
            default: out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func properties(_ r: DiffReport) -> SARIFLog.RunProperties {
        .init(kind: r.kind.rawValue, old: VisibleText.escape(r.oldSide.reference), oldCommit: r.oldSide.commit,
              new: VisibleText.escape(r.newSide.reference), newCommit: r.newSide.commit,
              failOn: r.failOn.rawValue, onlyNew: r.onlyNew, failing: r.failing.count,
              verdict: r.failing.isEmpty ? "pass" : "fail", identical: r.isIdentical, date: r.date)
    }
}
