/// What a rule works out from a whole recorded build, kept between processes so that the
/// next command reading the same build reads it instead (`SealEvaluator`'s evaluations):
/// the history stores it beside its other derived files, keyed by the build's content
/// (its commit's tree), so it can never go stale. A build read from disk has none.
///
/// Best effort, as the derived cache is: a name with nothing stored, or bytes that do not
/// decode, are worked out again; what is kept may be dropped.
public protocol BuildFacts: Sendable {
    /// The bytes kept under `name` for this build, whole and undamaged, or nil.
    func bytes(named name: String) -> [UInt8]?
    /// Keeps `bytes` under `name` for this build (written on the other core; a later read
    /// of the name waits for it).
    func keep(_ bytes: [UInt8], named name: String)
    /// `keep`, written on this thread before it returns: for work that runs on the other
    /// core already, where handing the write on would start a third thread.
    func keepHere(_ bytes: [UInt8], named name: String)
}
