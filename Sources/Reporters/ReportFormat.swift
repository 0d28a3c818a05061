/// The formats `diff`, `gate` and `check` render.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// For a terminal (colour only there).
    case text
    /// Everything, for scripts; schema in docs/report-schema.json.
    case json
    /// A pull-request comment or CI step summary.
    case markdown
    /// One self-contained page for a release manager.
    case html
    /// JUnit XML: one test case per finding at or above warning, and per failing one.
    case junit
    /// GitHub Actions workflow commands: one annotation per finding.
    case github
    /// SARIF 2.1.0, for code scanning.
    case sarif
    /// GitLab Code Quality JSON.
    case gitlab
}

/// Renders a report in a format.
public enum ReportRenderer {
    /// - Parameters:
    ///   - text: colour, details, width and quiet of the text output; the other formats
    ///     always carry everything (Markdown within its own size cap).
    public static func render(_ report: DiffReport, as format: ReportFormat, text: TextOptions = TextOptions()) -> String {
        switch format {
        case .text: report.kind == .diff ? TextReporter.render(report, text) : GateReporter.render(report, text)
        case .json: JSONReporter.render(report)
        case .markdown: MarkdownReporter.render(report)
        case .junit: JUnitReporter.render(report)
        case .html: HTMLReporter.render(report)
        case .github: GitHubReporter.render(report)
        case .sarif: SARIFReporter.render(report)
        case .gitlab: GitLabReporter.render(report)
        }
    }
}
