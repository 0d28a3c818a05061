import Comparison
import Rules

/// `--format junit`: JUnit XML for CI systems. One `<testsuite>` per bundle, one
/// `<testcase classname="<bundle>" name="<rule id>">` per rule that ran, passing ones
/// included so CI counts them. A test case fails when the rule has findings that fail the
/// gate (at or above `--fail-on`, not accepted, new when `--only-new`); its `<failure>`
/// carries them, and its other findings go to `<system-out>`. Findings about the whole
/// build (no bundle) form a suite named `(build)`. The timestamp is the report's date.
public enum JUnitReporter {
    public static func render(_ r: DiffReport) -> String {
        let failing = Set(r.failing)
        let rules = r.rules.isEmpty ? Array(Set(r.findings.map(\.ruleID))).sorted { $0.rawValue < $1.rawValue } : r.rules
        var suites = r.comparison.bundles.map(\.name)
        for f in r.findings where !suites.contains(f.bundle) { suites.append(f.bundle) }
        let failures = suites.reduce(0) { sum, bundle in
            sum + rules.count { rule in failing.contains { $0.bundle == bundle && $0.ruleID == rule } }
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(XMLText.escape("bundlediff \(r.kind.rawValue) \(r.appName)"))\""
            + " tests=\"\(suites.count * rules.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        for bundle in suites {
            suite(bundle, rules: rules, report: r, failing: failing, into: &out)
        }
        out += "</testsuites>\n"
        return out
    }

    private static func suite(_ bundle: String, rules: [RuleID], report r: DiffReport, failing: Set<Finding>,
                              into out: inout String) {
        let name = XMLText.escape(bundle.isEmpty ? "(build)" : bundle)
        let findings = r.findings.filter { $0.bundle == bundle }
        let failed = rules.count { rule in findings.contains { $0.ruleID == rule && failing.contains($0) } }
        let timestamp = r.date.hasSuffix("Z") ? String(r.date.dropLast()) : r.date
        out += "  <testsuite name=\"\(name)\" tests=\"\(rules.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\""
            + " timestamp=\"\(XMLText.escape(timestamp))\">\n"
        out += "    <properties>\n"
        for (key, value) in properties(r) where !value.isEmpty {
            out += "      <property name=\"\(key)\" value=\"\(XMLText.escape(value))\"/>\n"
        }
        out += "    </properties>\n"
        for rule in rules {
            let mine = findings.filter { $0.ruleID == rule }
            let bad = mine.filter { failing.contains($0) }
            let other = mine.filter { !failing.contains($0) }
            out += "    <testcase classname=\"\(name)\" name=\"\(rule.rawValue)\""
            guard !mine.isEmpty else { out += "/>\n"; continue }
            out += ">\n"
            if let worst = bad.map(\.severity).max() {
                out += "      <failure type=\"\(worst.rawValue)\" message=\"\(bad.count) finding(s) at or above "
                    + "\(r.failOn.rawValue)\">" + bad.map(line).joined(separator: "\n") + "</failure>\n"
            }
            if !other.isEmpty {
                out += "      <system-out>" + other.map(line).joined(separator: "\n") + "</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n"
    }

    /// `warning: message (path, path) [new, accepted]`, escaped, one line.
    private static func line(_ f: Finding) -> String {
        var flags: [String] = []
        if let isNew = f.isNew { flags.append(isNew ? "new" : "existing") }
        if f.isAccepted { flags.append("accepted") }
        var text = "\(f.severity.rawValue): \(f.message)"
        if !f.paths.isEmpty { text += " (" + f.paths.map(\.description).joined(separator: ", ") + ")" }
        if !flags.isEmpty { text += " [" + flags.joined(separator: ", ") + "]" }
        return XMLText.escape(text)
    }

    private static func properties(_ r: DiffReport) -> [(String, String)] {
        let c = r.comparison
        return [("old", r.oldSide.reference), ("old.commit", r.oldSide.commit ?? ""),
                ("old.version", TextFormatting.version(c.old.mainBundle)),
                ("new", r.newSide.reference), ("new.commit", r.newSide.commit ?? ""),
                ("new.version", TextFormatting.version(c.new.mainBundle)),
                ("fail-on", r.failOn.rawValue), ("only-new", r.onlyNew ? "true" : "false"),
                ("identical", r.isIdentical ? "true" : ""),
                ("tool", "bundlediff \(r.toolVersion)"), ("date", r.date)]
    }
}
