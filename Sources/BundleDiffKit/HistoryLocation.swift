/// Where the history repository lives: `--repo`, else `$BUNDLEDIFF_REPO`, else
/// `./.bundlediff` in the working directory.
public enum HistoryLocation {
    /// The environment variable that overrides the default location.
    public static let environmentVariable = "BUNDLEDIFF_REPO"
    /// The default location, relative to the working directory.
    public static let defaultPath = ".bundlediff"

    /// The history path; an empty `--repo` is an error, not the default.
    public static func resolve(option: String?, environment: [String: String]) throws(UserFacingError) -> String {
        if let option {
            guard !option.isEmpty else {
                throw UserFacingError("--repo '' names no history: give its path, or leave --repo out for "
                                      + "$\(environmentVariable), else ./\(defaultPath)")
            }
            return option
        }
        if let env = environment[environmentVariable], !env.isEmpty { return env }
        return defaultPath
    }
}
