/// How much of each list the text report shows. `standard` keeps any comparison within
/// `lines` lines (50,000 changed keys, thousands of findings, hundreds of bundles): the
/// caps below, and a section that would overflow shows less and says so (`LeftOut`).
/// `details` shows everything, every key change included.
struct TextLimits: Sendable {
    /// The whole report, in lines.
    var lines: Int
    /// Findings shown per rule (fewer when many rules share `findingLines`).
    var findingsPerRule: Int
    /// The FINDINGS section, title included.
    var findingLines: Int
    /// The BUNDLES section, title included.
    var bundleLines: Int
    /// Moved resources listed.
    var moves: Int
    /// Added, removed and modified files listed per bundle.
    var filesPerBundle: Int
    /// Property lists (one line each, with counts of their key changes) per bundle.
    var plistsPerBundle: Int
    /// Signature-noise files listed per bundle.
    var noisePerBundle: Int
    /// Whether key changes are listed one by one (else only counted per property list).
    var listsKeys: Bool
    /// The widest a bundle id may be in a column before it is cut with `…`.
    var bundleColumn = 40
    /// The widest a version may be in the bundles table before it is cut with `…`.
    var versionColumn = 40

    /// The default: at most 200 lines.
    static let standard = TextLimits(lines: 200, findingsPerRule: 10, findingLines: 120, bundleLines: 28, moves: 10,
                                     filesPerBundle: 10, plistsPerBundle: 20, noisePerBundle: 5, listsKeys: false)

    /// `--details`: nothing left out.
    static let details = TextLimits(lines: all, findingsPerRule: all, findingLines: all, bundleLines: all, moves: all,
                                    filesPerBundle: all, plistsPerBundle: all, noisePerBundle: all, listsKeys: true)

    /// More than any report holds, with room to add to it without overflow.
    static let all = Int.max / 4

    /// Whether this is `--details`.
    var isDetailed: Bool { listsKeys }

    /// What a capped list adds after `LeftOut.note`: how to see the rest.
    static let howToSeeMore = ": use --details"
}
