import Comparison
import Rules
import TextSafety

/// `--format junit`: JUnit XML for CI test views (GitLab's pipeline Tests tab and merge
/// request widget, GitHub's test-report actions, Jenkins). One `<testsuite>` per bundle
/// with findings (`(build)` for findings about the whole build), and in it one
/// `<testcase classname="<bundle>" name="<rule id> <subject>">` per finding that fails the
/// gate, and per warning or error that does not: the name is the finding's fingerprint
/// subject, stable from build to build, so a viewer tells new failures from fixed ones.
///
/// - A failing finding (at or above `--fail-on`, not accepted, new when `--only-new`) is a
///   failed test case: `<failure type="<rule id>" message="<the finding>">`, with the
///   severity, bundle, paths and flags as its text.
/// - Any other warning or error is a passing test case with the finding as its
///   `<system-out>`. Test views count a failure as a broken build, so a warning that does
///   not fail the gate must not be one (nor an error, nor a skip: it was checked); as a
///   named test case it is listed in GitLab's Tests tab and in the GitHub actions' lists,
///   and GitLab shows its system output in the case's details.
/// - Infos are not test cases (unless `--fail-on info` makes them fail); the other
///   formats list them. No rule gets an empty passing test case of its own.
///
/// `time` on `<testsuites>` is how long the comparison took (reading both builds,
/// comparing, judging), in seconds, when measured; a test case takes no time of its own.
/// The timestamp is the report's date; each suite's properties name the two sides and
/// the gate.
public enum JUnitReporter {
    public static func render(_ r: DiffReport) -> String {
        let failing = Set(r.failing)
        let cases = r.findings.filter { failing.contains($0) || $0.severity >= .warning }
        var suites: [String] = []
        for f in cases where !suites.contains(f.bundle) { suites.append(f.bundle) }
        if suites.isEmpty { suites = [r.appName] }
        let failures = cases.count { failing.contains($0) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(XMLText.escape("bundlediff \(r.kind.rawValue) \(r.appName)"))\""
            + " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(seconds(r.elapsed))\">\n"
        for bundle in suites {
            suite(bundle, cases: cases.filter { $0.bundle == bundle }, report: r, failing: failing, into: &out)
        }
        out += "</testsuites>\n"
        return out
    }

    private static func suite(_ bundle: String, cases: [Finding], report r: DiffReport, failing: Set<Finding>,
                              into out: inout String) {
        let name = XMLText.escape(bundle.isEmpty ? "(build)" : bundle)
        let timestamp = r.date.hasSuffix("Z") ? String(r.date.dropLast()) : r.date
        out += "  <testsuite name=\"\(name)\" tests=\"\(cases.count)\" failures=\"\(cases.count { failing.contains($0) })\""
            + " errors=\"0\" skipped=\"0\" timestamp=\"\(XMLText.escape(timestamp))\">\n"
        out += "    <properties>\n"
        for (key, value) in properties(r) where !value.isEmpty {
            out += "      <property name=\"\(key)\" value=\"\(XMLText.escape(value))\"/>\n"
        }
        out += "    </properties>\n"
        for f in cases {
            out += "    <testcase classname=\"\(name)\" name=\"\(XMLText.escape("\(f.ruleID.rawValue) \(FindingText.subject(f))"))\""
                + " time=\"0\">\n"
            let text = XMLText.escape("\(f.severity.rawValue): \(FindingText.line(f))")
            if failing.contains(f) {
                out += "      <failure type=\"\(f.ruleID.rawValue)\" message=\"\(XMLText.escape(f.message))\">"
                    + text + "</failure>\n"
            } else {
                out += "      <system-out>" + text + "</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n"
    }

    /// `1.234`: seconds with millisecond precision; `0` when not measured.
    static func seconds(_ d: Duration?) -> String {
        guard let d else { return "0" }
        let ms = max(0, d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000)
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private static func properties(_ r: DiffReport) -> [(String, String)] {
        return [("old", r.oldSide.reference), ("old.commit", r.oldSide.commit ?? ""),
                ("old.version", r.versionText(isNew: false)),
                ("new", r.newSide.reference), ("new.commit", r.newSide.commit ?? ""),
                ("new.version", r.versionText(isNew: true)),
                ("fail-on", r.failOn.rawValue), ("only-new", r.onlyNew ? "true" : "false"),
                ("identical", r.isIdentical ? "true" : ""),
                ("tool", "bundlediff \(r.toolVersion)"), ("date", r.date)]
    }
}
