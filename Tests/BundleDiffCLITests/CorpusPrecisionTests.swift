import Foundation
import Testing
import TestSupport

/// The precision table of docs/precision.md, pinned: on every real pair of the corpus
/// (`scripts/precision/pairs.py` names them), `diff` gives exactly the error- and
/// warning-level findings per rule that `scripts/precision/verify.py` checked against the
/// raw builds and recorded in `scripts/precision/expected.tsv`. A rule change that adds,
/// drops or re-levels a finding on real data fails here until the table is re-verified.
@Suite(Corpus.trait) struct CorpusPrecisionTests {
    struct Pair { var label, old, new: String }

    static func pairs(in scratch: ScratchDirectory) throws -> [Pair] {
        let script = CLIHarness.root + "/scripts/precision/pairs.py"
        let r = try ChildProcess.run("/usr/bin/env", ["python3", script, Corpus.root ?? "", scratch.path("pairs")],
                                     captureOutput: true)
        try #require(r.status == 0, "pairs.py failed: \(r.err)")
        return r.out.split(separator: "\n").map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Pair(label: f[0], old: f[1], new: f[2])
        }
    }

    /// `label → "rule severity" → count`, and the labels expected to be refused (exit 2).
    static func expected() throws -> (counts: [String: [String: Int]], refused: Set<String>) {
        let text = try String(contentsOfFile: CLIHarness.root + "/scripts/precision/expected.tsv", encoding: .utf8)
        var counts: [String: [String: Int]] = [:], refused: Set<String> = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 4 else { continue }
            if f[1] == "(refused)" { refused.insert(f[0]); continue }
            counts[f[0], default: [:]]["\(f[1]) \(f[2])"] = Int(f[3])
        }
        return (counts, refused)
    }

    @Test func errorAndWarningFindingsOnRealPairsMatchTheVerifiedTable() throws {
        let scratch = try ScratchDirectory("precision")
        let pairs = try Self.pairs(in: scratch)
        let (expected, refused) = try Self.expected()
        #expect(pairs.count >= 29, "every real set of the corpus is covered")
        for pair in pairs {
            let r = CLIHarness.run(["diff", pair.old, pair.new, "--format", "json"])
            if refused.contains(pair.label) {
                #expect(r.status == 2, "\(pair.label): expected a refusal, got \(r.status)")
                continue
            }
            #expect(r.status != 2, "\(pair.label): \(r.err)")
            let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
            let findings = object?["findings"] as? [[String: Any]] ?? []
            var counts: [String: Int] = [:]
            for f in findings {
                guard let severity = f["severity"] as? String, severity == "error" || severity == "warning",
                      let rule = f["ruleId"] as? String else { continue }
                counts["\(rule) \(severity)", default: 0] += 1
            }
            #expect(counts == expected[pair.label] ?? [:], "\(pair.label)")
        }
    }
}
