import BundleModel
import Rules
import TextSafety

/// `--format gitlab`: a GitLab Code Quality report (the `artifacts:reports:codequality`
/// JSON), which GitLab shows in the merge request's Code Quality widget. One issue per
/// finding:
///
/// - `check_name`: the rule id; `description`: the finding's line (bundle, message, paths,
///   flags), hidden characters made visible.
/// - `fingerprint`: SHA-256 of the finding's fingerprint (what baselines store), so GitLab
///   tells new issues from fixed ones across pipelines.
/// - `severity`: `blocker` for a finding that fails this gate (it blocks the merge), else
///   error → `critical`, warning → `major`, info → `info`.
/// - `location.path`: the finding's first path inside the build (GitLab links it when the
///   repository has such a file), else the new build as named on the command line;
///   `lines.begin` is 1, as GitLab requires a line and a bundle file has none to point at.
public enum GitLabReporter {
    public static func render(_ r: DiffReport) -> String {
        let failing = Set(r.failing)
        let issues = r.findings.map { f in
            Issue(description: FindingText.line(f), check_name: f.ruleID.rawValue,
                  fingerprint: SHA256Digest.of(Array(f.fingerprint.utf8)).description,
                  severity: severity(f, failing: failing.contains(f)),
                  location: .init(path: f.paths.first?.description ?? VisibleText.escape(r.newSide.reference),
                                  lines: .init(begin: 1)))
        }
        do {
            return try JSONOutput.encode(issues)
        } catch {
            // Strings and integers only: this always encodes.
            preconditionFailure("the GitLab report could not be encoded: \(error)")
        }
    }

    /// `blocker`, `critical`, `major` or `info`.
    static func severity(_ f: Finding, failing: Bool) -> String {
        if failing { return "blocker" }
        switch f.severity {
        case .error: return "critical"
        case .warning: return "major"
        case .info: return "info"
        }
    }

    /// One Code Quality issue; the property names are GitLab's.
    struct Issue: Encodable {
        var type = "issue"
        var description: String
        var check_name: String
        var fingerprint: String
        var severity: String
        var location: Location
    }

    struct Location: Encodable {
        var path: String
        var lines: Lines
    }

    struct Lines: Encodable {
        var begin: Int
    }
}
