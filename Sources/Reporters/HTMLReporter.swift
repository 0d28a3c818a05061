import Comparison
import Rules

/// The release manager's page: one self-contained HTML file (inline style and script, no
/// network, a Content-Security-Policy that forbids loading anything) with the verdict, the
/// findings (filterable by severity and rule when scripts run), a summary per bundle, a
/// size chart, the localization matrix, the moved resources and every change per bundle.
///
/// The page reads completely without scripts and prints with everything expanded. Names
/// from the build go through `HTMLEscaping`. Nothing depends on the clock or the machine:
/// the same report renders byte for byte the same page.
public enum HTMLReporter {
    /// Rows shown per table before "N more not shown" (keeps huge builds openable).
    static let rowLimit = 500

    public static func render(_ report: DiffReport) -> String {
        var out = HTMLAssets.head(title: title(report), generator: "bundlediff " + report.toolVersion) + "<body>\n"
        header(report, into: &out)
        out += "<main>\n"
        verdict(report, into: &out)
        contents(report, into: &out)
        findings(report, into: &out)
        bundles(report, into: &out)
        if report.kind != .check {
            sizes(report, into: &out)
            localization(report, into: &out)
            moves(report, into: &out)
            details(report, into: &out)
        }
        out += "</main>\n"
        out += "<footer><p>Made by bundlediff \(HTMLEscaping.text(report.toolVersion)) on "
            + "\(HTMLEscaping.text(report.date)). This page is self-contained: it loads nothing.</p></footer>\n"
        out += "<script>\(HTMLAssets.script)</script>\n</body>\n</html>\n"
        return out
    }

    /// `com.example.app 1.0 (41) → 1.1 (42)`.
    static func title(_ r: DiffReport) -> String {
        if r.kind == .check { return "\(r.appName) \(r.versionText(isNew: true))" }
        return "\(r.appName) \(r.versionText(isNew: false)) → \(r.versionText(isNew: true))"
    }

    private static func header(_ r: DiffReport, into out: inout String) {
        let kind = switch r.kind {
        case .diff where r.isContainerDiff: "Migration report"
        case .diff: "Release review"
        case .gate: "Version gate"
        case .check: "App Store preflight"
        }
        out += "<header class=\"page-head\">\n<p class=\"kicker\">bundlediff · \(kind)</p>\n"
        out += "<h1>\(HTMLEscaping.name(r.appName)) <span class=\"versions\">"
            + (r.kind == .check ? "" : "\(HTMLEscaping.text(r.versionText(isNew: false))) → ")
            + "\(HTMLEscaping.text(r.versionText(isNew: true)))</span></h1>\n"
        out += "<dl class=\"facts\">\n"
        if r.kind == .check {
            out += fact("Build", side(r.newSide))
        } else {
            let noun = r.isContainerDiff ? "container" : "build"
            out += fact(r.kind == .gate ? "Baseline" : "Old \(noun)", side(r.oldSide) + HTMLEscaping.text(r.containerNote(r.oldSide)))
            out += fact("New \(noun)", side(r.newSide) + HTMLEscaping.text(r.containerNote(r.newSide)))
        }
        out += fact("Report date", "<time datetime=\"\(HTMLEscaping.attribute(r.date))\">\(HTMLEscaping.text(r.date))</time>")
        out += fact("Tool", "bundlediff \(HTMLEscaping.text(r.toolVersion))")
        out += "</dl>\n</header>\n"
    }

    private static func fact(_ term: String, _ value: String) -> String {
        "<div><dt>\(term)</dt><dd>\(value)</dd></div>\n"
    }

    private static func side(_ s: DiffReport.Side) -> String {
        var html = "<code><bdi>\(HTMLEscaping.text(s.reference))</bdi></code>"
        if let commit = s.commit { html += " <span class=\"muted\">commit \(HTMLEscaping.text(String(commit.prefix(12))))</span>" }
        return html
    }

    private static func verdict(_ r: DiffReport) -> (pass: Bool, headline: String) {
        let failing = r.failing.count
        if failing == 0 { return (true, "PASS: no finding fails the gate") }
        return (false, "FAIL: \(failing) finding\(failing == 1 ? "" : "s") fail\(failing == 1 ? "s" : "") the gate")
    }

    private static func verdict(_ r: DiffReport, into out: inout String) {
        let (pass, headline) = verdict(r)
        out += "<section class=\"verdict \(pass ? "pass" : "fail")\" aria-labelledby=\"verdict\">\n"
        out += "<h2 id=\"verdict\"><span class=\"mark\" aria-hidden=\"true\">\(pass ? "✔" : "✖")</span> \(headline)</h2>\n"
        let scope = r.onlyNew ? " among findings new in this build" : ""
        if r.isIdentical { out += "<p class=\"identical\"><strong>The builds are identical</strong>, file for file.</p>\n" }
        out += "<p>The gate fails on <strong>\(r.failOn.rawValue)</strong> and above\(scope).</p>\n"
        out += "<ul class=\"tally\">\n"
        for s in Severity.allCases.reversed() {
            let n = r.findings.count { $0.severity == s }
            let noun = s == .info || n == 1 ? s.rawValue : s.rawValue + "s"
            out += "<li><span class=\"badge \(s.rawValue)\">\(n) \(noun)</span></li>\n"
        }
        let accepted = r.findings.count { $0.isAccepted }
        if accepted > 0 { out += "<li><span class=\"flag\">\(accepted) accepted in baseline</span></li>\n" }
        out += "</ul>\n</section>\n"
    }

    /// The table of contents.
    private static func contents(_ r: DiffReport, into out: inout String) {
        let c = r.comparison
        var links = [("findings", "Findings (\(r.findings.count))"), ("bundles", "Bundles (\(c.bundles.count))")]
        if r.kind != .check {
            links.append(("sizes", "Size changes"))
            if !r.localization.isEmpty { links.append(("localization", "Localization")) }
            if !c.moves.isEmpty { links.append(("moves", "Moved resources (\(c.moves.count))")) }
            links.append(("changes", "Changes per bundle"))
        }
        out += "<nav aria-label=\"Sections\"><ul>\n"
        for (id, label) in links { out += "<li><a href=\"#\(id)\">\(label)</a></li>\n" }
        out += "</ul></nav>\n"
    }

    /// Opens a region that scrolls sideways when its table is wider than a phone, reachable
    /// by keyboard (so it can be scrolled without a mouse); close it with `</div>`.
    static func scrollRegion(_ label: String) -> String {
        "<div class=\"scroll-x\" tabindex=\"0\" role=\"region\" aria-label=\"\(HTMLEscaping.attribute(label))\">\n"
    }

    /// A last row saying how many rows were left out, when any were.
    static func moreRow(_ hidden: Int, columns: Int) -> String {
        guard hidden > 0 else { return "" }
        return "<tr class=\"more\"><td colspan=\"\(columns)\">\(hidden) more not shown</td></tr>\n"
    }
}
