import Rules

/// The findings of one rule at one severity, as the text reports group them: findings are
/// in report order (severity, then rule), so each group is one run of that order.
struct FindingGroup {
    var severity: Severity
    var rule: RuleID
    var findings: ArraySlice<Finding>

    /// The groups of `findings` (already in report order), in that order.
    static func all(_ findings: [Finding]) -> [FindingGroup] {
        var groups: [FindingGroup] = []
        var start = findings.startIndex
        for i in findings.indices where i + 1 == findings.endIndex
            || findings[i + 1].severity != findings[i].severity || findings[i + 1].ruleID != findings[i].ruleID {
            groups.append(FindingGroup(severity: findings[i].severity, rule: findings[i].ruleID,
                                       findings: findings[start...i]))
            start = i + 1
        }
        return groups
    }

    /// The most findings each group may show (at most `cap`) so that every group fits in
    /// `lines` lines, each group taking `overhead` lines (its heading), its findings and a
    /// line saying how many it left out. 0 when not even that fits (the caller then leaves
    /// whole groups out).
    static func perGroup(_ groups: [FindingGroup], cap: Int, lines: Int, overhead: Int) -> Int {
        let largest = groups.map(\.findings.count).max() ?? 0
        func cost(_ n: Int) -> Int {
            groups.reduce(0) { $0 + overhead + LeftOut.lines($1.findings.count, shown: min(n, $1.findings.count)) }
        }
        var n = min(cap, largest)
        while n > 0 && cost(n) > lines { n -= 1 }
        return n
    }
}
