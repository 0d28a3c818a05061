/// Where the history repository lives: `--repo`, else `$BUNDLEDIFF_REPO`, else
/// `./.bundlediff` in the working directory.
public enum HistoryLocation {
    /// The environment variable that overrides the default location.
    public static let environmentVariable = "BUNDLEDIFF_REPO"
    /// The default location, relative to the working directory.
    public static let defaultPath = ".bundlediff"

    public static func resolve(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let env = environment[environmentVariable], !env.isEmpty { return env }
        return defaultPath
    }
}
