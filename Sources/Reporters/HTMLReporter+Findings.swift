import Rules

extension HTMLReporter {
    /// Every finding in report order, with filters by severity and rule that the script
    /// reveals (without it, every row shows).
    static func findings(_ r: DiffReport, into out: inout String) {
        out += "<section id=\"findings\" aria-labelledby=\"findings-title\">\n"
        out += "<h2 id=\"findings-title\">Findings</h2>\n"
        guard !r.findings.isEmpty else {
            out += "<p>No findings: every rule passed.</p>\n</section>\n"
            return
        }
        filters(r, into: &out)
        let failing = Set(r.failing)
        out += "<table>\n<caption>\(r.findings.count) finding\(r.findings.count == 1 ? "" : "s"), most severe first</caption>\n"
        out += "<thead><tr><th scope=\"col\">Severity</th><th scope=\"col\">Rule</th><th scope=\"col\">Bundle</th>"
            + "<th scope=\"col\">Finding</th><th scope=\"col\">Status</th></tr></thead>\n<tbody>\n"
        for f in r.findings.prefix(rowLimit) {
            out += "<tr data-severity=\"\(f.severity.rawValue)\" data-rule=\"\(HTMLEscaping.attribute(f.ruleID.rawValue))\">"
            out += "<td><span class=\"badge \(f.severity.rawValue)\">\(f.severity.rawValue)</span></td>"
            out += "<td><code class=\"rule\">\(HTMLEscaping.text(f.ruleID.rawValue))</code></td>"
            out += "<td>\(f.bundle.isEmpty ? "<span class=\"muted\">whole build</span>" : HTMLEscaping.isolated(f.bundle))</td>"
            out += "<td>\(HTMLEscaping.text(f.message))</td>"
            out += "<td>\(flags(f, failing: failing.contains(f)))</td></tr>\n"
        }
        out += moreRow(r.findings.count - rowLimit, columns: 5)
        out += "</tbody>\n</table>\n</section>\n"
    }

    /// The filter controls, hidden until the script shows them.
    private static func filters(_ r: DiffReport, into out: inout String) {
        out += "<div class=\"filters\" id=\"finding-filters\" hidden>\n<fieldset><legend>Severity</legend>\n"
        for s in Severity.allCases.reversed() {
            let n = r.findings.count { $0.severity == s }
            out += "<label><input type=\"checkbox\" value=\"\(s.rawValue)\" checked> \(s.rawValue) (\(n))</label>\n"
        }
        out += "</fieldset>\n<label for=\"rule-filter\">Rule</label>\n<select id=\"rule-filter\">\n"
        out += "<option value=\"\">all rules (\(r.findings.count))</option>\n"
        let rules = Set(r.findings.map(\.ruleID)).sorted { $0.rawValue < $1.rawValue }
        for rule in rules {
            let id = HTMLEscaping.attribute(rule.rawValue)
            out += "<option value=\"\(id)\">\(id) (\(r.findings.count { $0.ruleID == rule }))</option>\n"
        }
        out += "</select>\n<output id=\"filter-status\" aria-live=\"polite\"></output>\n</div>\n"
    }

    /// `fails the gate`, `new` / `existing`, `accepted`, as text (never colour alone).
    private static func flags(_ f: Finding, failing: Bool) -> String {
        var flags: [String] = []
        if failing { flags.append("<span class=\"flag new\">fails the gate</span>") }
        if let isNew = f.isNew { flags.append(isNew ? "<span class=\"flag\">new</span>" : "<span class=\"flag\">existing</span>") }
        if f.isAccepted { flags.append("<span class=\"flag\">accepted in baseline</span>") }
        return flags.joined(separator: " ")
    }
}
