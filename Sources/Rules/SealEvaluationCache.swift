import CodeSigning
import Foundation

/// The seal evaluations of one build (`SealEvaluator.evaluate`), made once and shared by
/// every `seal.*` rule that reads them: each of the six used to evaluate every bundle's
/// seal again, on both sides of a comparison.
final class SealEvaluationCache: @unchecked Sendable {
    private let lock = NSLock()
    private var evaluations: [SealEvaluation]?
    /// How many times the build was evaluated (for tests: at most once).
    private(set) var evaluationCount = 0

    /// The evaluations, made by `make` the first time.
    func evaluations(make: () -> [SealEvaluation]) -> [SealEvaluation] {
        lock.lock()
        defer { lock.unlock() }
        if let evaluations { return evaluations }
        let made = make()
        evaluations = made
        evaluationCount += 1
        return made
    }
}
