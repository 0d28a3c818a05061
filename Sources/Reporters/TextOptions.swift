/// How the text reports (`diff`'s and `gate`'s) are laid out for where they are read.
public struct TextOptions: Sendable, Equatable {
    /// ANSI colour for severities and the verdict.
    public var colour: Bool
    /// Everything listed (by default the report keeps to 200 lines and says what it left out).
    public var details: Bool
    /// The columns `diff`'s report wraps to (at least `TextWrap.narrowest`); the CLI passes
    /// the terminal's width (`COLUMNS`, else the terminal's own, else 80).
    public var width: Int
    /// Only the verdict line and the findings.
    public var quiet: Bool

    /// The width when nothing says otherwise, and the width of the example reports.
    public static let standardWidth = 80

    public init(colour: Bool = false, details: Bool = false, width: Int = standardWidth, quiet: Bool = false) {
        self.colour = colour
        self.details = details
        self.width = width
        self.quiet = quiet
    }
}
