import PropertyLists

/// A seal's `rules2` table with the exclusions the code adds itself, and the lookup Apple's
/// `ResourceBuilder::findRule` does: an exclusion wins at once; otherwise the matching rule
/// of the highest weight (the first one on a tie, in the file's order).
public struct SealRules: Sendable {
    public let rules: [SealRule]
    /// Paths (relative to the content folder) that are never sealed: `_CodeSignature`,
    /// `CodeResources`, `_MASReceipt` and the main executable. Apple writes them as
    /// escaped `^…$` patterns; they are exact paths.
    public let exclusions: Set<[UInt8]>

    /// The most rules a table may hold.
    public static let maxRules = 1024

    public init(rules: [SealRule], exclusions: Set<[UInt8]>) {
        self.rules = rules
        self.exclusions = exclusions
    }

    /// Reads a `rules2` dictionary.
    public init(rules2: PlistDictionary, exclusions: Set<[UInt8]>) throws(SealPatternError) {
        guard rules2.count <= Self.maxRules else {
            throw .unsupported("rules2 holds \(rules2.count) rules, more than \(Self.maxRules)")
        }
        var rules: [SealRule] = []
        for (key, value) in rules2.entries {
            rules.append(try SealRule(key: key, value: value))
        }
        self.init(rules: rules, exclusions: exclusions)
    }

    /// The flags of the rules that decide `path`: empty when none matches, one entry
    /// normally, several when rules of the same top weight disagree. Apple takes the
    /// first of those in `CFDictionary` order, which no file states (iOS seals tie
    /// `^` and `^Info\.plist$` omit at weight 20), so the caller lets `files2` say
    /// which one the signer used.
    /// `space` is where the matches work (`SealPattern.Workspace`), kept by the caller.
    public func decide(_ path: [UInt8], budget: inout MatchBudget,
                       in space: inout SealPattern.Workspace) throws(MatchBudget.Exceeded) -> [SealRule.Flags] {
        // A few exact paths: compared, not hashed (a byte array hashes byte by byte).
        if exclusions.contains(where: { $0 == path }) { return [.exclusion] }
        var best: [SealRule.Flags] = []
        var bestWeight: UInt32 = 0
        for rule in rules where try rule.pattern.matches(path, budget: &budget, in: &space) {
            if best.isEmpty || rule.weight > bestWeight {
                best = [rule.flags]
                bestWeight = rule.weight
            } else if rule.weight == bestWeight, !best.contains(rule.flags) {
                best.append(rule.flags)
            }
        }
        return best
    }
}
