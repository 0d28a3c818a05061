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
    /// JUnit XML: one test case per rule per bundle.
    case junit
}

/// Renders a report in a format.
public enum ReportRenderer {
    /// - Parameters:
    ///   - colour: ANSI colour in text output (a terminal without NO_COLOR).
    ///   - details: text output lists everything (by default it keeps to 200 lines and says
    ///     what it left out); the other formats always carry everything (Markdown within
    ///     its own size cap).
    public static func render(_ report: DiffReport, as format: ReportFormat, colour: Bool = false,
                              details: Bool = false) -> String {
        switch format {
        case .text: report.kind == .diff ? TextReporter.render(report, colour: colour, details: details)
            : GateReporter.render(report, colour: colour, details: details)
        case .json: JSONReporter.render(report)
        case .markdown: MarkdownReporter.render(report)
        case .junit: JUnitReporter.render(report)
        case .html: HTMLReporter.render(report)
        }
    }
}
