import Comparison

extension BundleComparison {
    /// Whether this is a nested bundle present on both sides with no change of its own
    /// (an embedded framework whose files are all the same): the version rules say nothing
    /// about it, since nothing in it is new, whatever the app around it did.
    var isUnchangedNested: Bool { status == .matched && !isOutermost && isEmpty }

    /// Whether `CFBundleVersion` or `CFBundleShortVersionString` differs between the sides.
    var versionsChanged: Bool { old?.version != new?.version || old?.shortVersion != new?.shortVersion }
}
