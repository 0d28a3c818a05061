/// The tool's identity, written into every snapshot and report.
public enum ToolInfo {
    /// The released version of bundlediff (see CHANGELOG.md).
    public static let version = "0.1.0"
}
