import BundleModel
import CodeSigning

/// The seal evaluations of one build (`SealEvaluator.evaluate`), made once and shared by
/// every `seal.*` rule that reads them: each of the six used to evaluate every bundle's
/// seal again, on both sides of a comparison.
final class SealEvaluationCache: Sendable {
    private let evaluated = OnceCache<Bool, [SealEvaluation]>()

    /// How many times the build was evaluated (for tests: at most once).
    var evaluationCount: Int { evaluated.made }

    /// The evaluations, made by `make` the first time.
    func evaluations(make: () -> [SealEvaluation]) -> [SealEvaluation] {
        evaluated.value(true, make: make)
    }
}
