import BundleModel
import BundleReading
import CodeSigning
import Foundation
import Testing
import TestSupport

/// A build's seal evaluations kept in its facts (`BuildFacts`) and read back: the bytes
/// round-trip every outcome and kind, anything else reads as nothing, and what is kept is
/// what the next evaluation uses.
@Suite struct SealFactsTests {
    static let every: [SealEvaluation] = {
        let kinds = SealDiscrepancy.Kind.allCases.enumerated().map { k, kind in
            SealDiscrepancy(kind: kind, path: BundlePath("A.app/f\(k)"), sealedTarget: k % 2 == 0 ? "t\(k)" : nil,
                            foundTarget: k % 3 == 0 ? [0xFF, 0x00, UInt8(k)] : nil)
        }
        let outcomes: [SealEvaluation.Outcome] = [.evaluated, .unreadable("not a dictionary"), .noVersion2,
                                                  .invalid("rules2: é"), .unsupported("backreferences"), .tooCostly(limit: 200_000_000)]
        return outcomes.enumerated().map { k, outcome in
            SealEvaluation(bundlePath: BundlePath("A.app/B\(k).framework"), codeResourcesPath: BundlePath("A.app/_CodeSignature/CodeResources"),
                           outcome: outcome, discrepancies: k == 0 ? kinds : [], checked: 20_000 + k, unverified: k)
        }
    }()

    @Test func theBytesRoundTripAndNothingElseDecodes() {
        let bytes = SealEvaluation.encoded(Self.every)
        #expect(SealEvaluation.decoded(bytes) == Self.every)
        #expect(SealEvaluation.decoded(SealEvaluation.encoded([])) == [])
        // Every cut, one byte more, and a count larger than the bytes hold.
        for n in 0..<bytes.count { #expect(SealEvaluation.decoded(Array(bytes.prefix(n))) == nil, "cut at \(n)") }
        #expect(SealEvaluation.decoded(bytes + [0]) == nil)
        #expect(SealEvaluation.decoded([0xFF, 0xFF, 0xFF, 0xFF] + bytes.dropFirst(4)) == nil)
        // Any byte changed decodes as nothing or as evaluations (never a trap).
        for k in stride(from: 0, to: bytes.count, by: 3) {
            var damaged = bytes
            damaged[k] ^= 0xA5
            _ = SealEvaluation.decoded(damaged)
        }
    }

    @Test func whatIsKeptIsWhatTheNextEvaluationUses() throws {
        var app = FixtureBuilder.iOSApp(name: "MyApp")
        app.seal("MyApp.app", executable: "MyApp")
        app.setFile("MyApp.app/extra.json", "{}")
        let scratch = try ScratchDirectory()
        var snapshot = try BuildReader.read(path: try app.writeDirectory(in: scratch.path))
        let sorted = snapshot.entries.sortedByPath
        let worked = SealEvaluator.evaluate(snapshot)
        #expect(worked.contains { !$0.discrepancies.isEmpty })
        // No facts (a build read from disk): worked out, nothing kept.
        #expect(SealEvaluator.evaluations(of: snapshot, sorted: sorted) == worked)
        let facts = MemoryFacts()
        snapshot.facts = facts
        #expect(SealEvaluator.evaluations(of: snapshot, sorted: sorted) == worked)
        let name = try #require(facts.names.first)
        #expect(facts.names == [name] && name.hasPrefix(SealEvaluation.factsName))
        #expect(facts.bytes(named: name).flatMap(SealEvaluation.decoded) == worked)
        // Kept evaluations stand for the work: the next evaluation returns them as they are.
        var kept = worked
        kept[0].checked += 1000
        facts.keep(SealEvaluation.encoded(kept), named: name)
        #expect(SealEvaluator.evaluations(of: snapshot, sorted: sorted) == kept)
        // Bytes that do not decode are worked out again, and kept again.
        facts.keep([1, 2, 3], named: name)
        #expect(SealEvaluator.evaluations(of: snapshot, sorted: sorted) == worked)
        #expect(facts.bytes(named: name).flatMap(SealEvaluation.decoded) == worked)
        // A build without a seal keeps nothing.
        var plain = FixtureBuilder.iOSApp(name: "Plain")
        plain.remove("Plain.app/_CodeSignature/CodeResources")
        var unsigned = try BuildReader.read(path: try plain.writeDirectory(in: scratch.path("plain")))
        let none = MemoryFacts()
        unsigned.facts = none
        #expect(SealEvaluator.evaluations(of: unsigned, sorted: unsigned.entries.sortedByPath).isEmpty)
        #expect(none.names.isEmpty)
    }
}
