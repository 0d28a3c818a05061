/// How many matching steps a seal evaluation may still spend.
///
/// Seal patterns run as a Thompson automaton (no backtracking), so one match costs at most
/// the pattern's instruction count times the path's length; the budget caps the total,
/// so a hostile `CodeResources` (thousands of huge patterns) ends in a finding, not a hang.
public struct MatchBudget: Sendable {
    /// Thrown when the budget runs out.
    public struct Exceeded: Error, Equatable, Sendable {
        /// The budget that ran out, in steps.
        public let limit: Int
    }

    /// The steps left.
    public private(set) var remaining: Int
    /// The budget it started with.
    public let limit: Int

    /// The default for one bundle's seal: 200 million steps (a few seconds at worst; a
    /// real seal of 10,000 files spends a few million).
    public static let defaultSteps = 200_000_000

    public init(steps: Int = MatchBudget.defaultSteps) {
        remaining = max(0, steps)
        limit = max(0, steps)
    }

    /// Spends `steps`, or throws when the budget cannot cover them.
    mutating func spend(_ steps: Int) throws(Exceeded) {
        guard remaining >= steps else {
            remaining = 0
            throw Exceeded(limit: limit)
        }
        remaining -= steps
    }
}
