import FoundationEssentials

/// `--format json`: the whole report for scripts, in the versioned shape of
/// `docs/report-schema.json`. Sorted keys, two-space indentation, a trailing newline.
public enum JSONReporter {
    public static func render(_ report: DiffReport) -> String {
        do {
            return try JSONOutput.encode(ReportDocument(report))
        } catch {
            // JSONEncoder fails only on non-finite floating-point numbers; the document has
            // none (plist reals are written as text), so this cannot happen.
            preconditionFailure("the JSON report could not be encoded: \(error)")
        }
    }
}
