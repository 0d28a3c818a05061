import Comparison

extension RuleContext {
    /// Whether `bundle` is not the build's main bundle and is on both sides with no change
    /// of its own (an embedded framework, an archive's dSYM, whose files are all the same):
    /// the version rules say nothing about it, since nothing in it is new, whatever the app
    /// around it did.
    func isUnchangedInner(_ bundle: BundleComparison) -> Bool {
        bundle.status == .matched && bundle.isEmpty && bundle.new?.path != newIndex.snapshot.mainBundle?.path
    }
}
