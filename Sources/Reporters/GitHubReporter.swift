import Rules
import TextSafety

/// `--format github`: GitHub Actions workflow commands, which the runner turns into
/// annotations on the run and the pull request. One line per finding:
///
///     ::warning title=l10n.string-keys::com.example.app: fr.lproj/… lacks 1 key(s) … [new]
///
/// `::error` for errors, `::warning` for warnings, `::notice` for infos and for findings
/// that cannot fail this gate (accepted in the baseline, or existing under `--only-new`):
/// an error annotation would say they do. Then the verdict, as a plain log line.
///
/// No `file=`: a finding's paths are paths inside the build, not files of the repository
/// the workflow checked out, and GitHub resolves `file=` against the repository; the paths
/// are in the message instead. GitHub shows at most 10 annotations of each kind per step,
/// errors first here.
///
/// Text from the build is first made visible (`VisibleText`: no line break, control or
/// bidi character survives), then escaped as the runner expects: `%`, CR and LF in the
/// message; also `:` and `,` in a property.
public enum GitHubReporter {
    public static func render(_ r: DiffReport) -> String {
        let failing = Set(r.failing)
        var out = ""
        for f in r.findings {
            out += "::\(command(f, failing: failing.contains(f), report: r)) title=\(property(f.ruleID.rawValue))::"
                + data(FindingText.line(f)) + "\n"
        }
        out += TextReporter.verdict(r) + "\n"
        return out
    }

    /// The workflow command for a finding: its severity, or `notice` when it is out of the
    /// gate's reach (accepted, or existing with `--only-new`).
    static func command(_ f: Finding, failing: Bool, report r: DiffReport) -> String {
        if !failing && (f.isAccepted || (r.onlyNew && f.isNew == false)) { return "notice" }
        switch f.severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "notice"
        }
    }

    /// A command's message: `%`, CR and LF percent-encoded, as GitHub's toolkit does.
    static func data(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A command's property value: as `data`, and `:` and `,` encoded too (they end a
    /// property).
    static func property(_ text: String) -> String {
        var out = ""
        for scalar in data(VisibleText.escape(text)).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
