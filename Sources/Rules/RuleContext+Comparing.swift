import BundleModel
import Comparison

extension RuleContext {
    /// Compares `old` with `new` for the rules, flattening every string table of both
    /// builds on the other core while this one merges their files
    /// (`LocalizedBundle.flattenTables`): the parity rules and the localization matrix
    /// read them all next, and the merge left that core idle. Then that core works out the
    /// two builds' name keys, which the check rules' name filters read first thing: the old
    /// build's, and the new one's from them, reading the names of its changed folders only.
    ///
    /// `prepared`: `old`, prepared ahead (`PreparedBuild`): its index and its tables are taken,
    /// and only the new build is indexed here.
    public static func comparing(old: BuildSnapshot, new: BuildSnapshot, configuration: RuleConfiguration,
                                 history: [RecordedVersion]?, reportDate: Int64?,
                                 prepared: PreparedBuild? = nil) -> RuleContext {
        let tables = prepared?.tables ?? StringTableCache()
        let comparison = Comparer.compare(old: old, new: new, indexed: prepared.map { p in { p.index } }) { oldIndex, newIndex in
            LocalizedBundle.flattenTables(of: newIndex, into: tables)
            LocalizedBundle.flattenTables(of: oldIndex, into: tables)
            newIndex.prepareNameKeys(after: oldIndex)
        }
        return RuleContext(comparison: comparison, configuration: configuration, history: history,
                           reportDate: reportDate, tables: tables)
    }
}
