/// How much a finding matters. Ordered: `info` < `warning` < `error`.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}
