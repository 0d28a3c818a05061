import BundleModel
import PropertyLists

/// A build's seal evaluations as bytes, for its `BuildFacts`: evaluating a signed app's
/// seals reads every file below every sealed bundle (most of a diff of a signed app), and a
/// build's evaluations depend on nothing but the build.
///
/// Layout (little-endian): the evaluation count (u32); per evaluation its bundle path and
/// `CodeResources` path (u32 length and bytes each), its outcome (u8: evaluated, unreadable,
/// no version 2, invalid, unsupported, too costly) with its reason (a run) or limit (u64),
/// the counts checked and unverified (u64 each), then its discrepancies (u32 count; per
/// discrepancy its kind's place in `Kind.allCases` (u8), its path (a run), and each target
/// as a flag (u8) and a run when present). Anything else decodes as nothing.
extension SealEvaluation {
    /// The name the evaluations are kept under: its number changes whenever the layout, or
    /// what `SealEvaluator` makes of a build, changes (`CorpusSealTests` holds the corpus's
    /// evaluations to a pinned digest, so that a change cannot go unnoticed).
    public static let factsName = "seals-1"

    /// `evaluations` as bytes.
    public static func encoded(_ evaluations: [SealEvaluation]) -> [UInt8] {
        var out: [UInt8] = []
        func put<T: FixedWidthInteger>(_ value: T) { out.appendLittleEndian(value) }
        func run(_ bytes: some Collection<UInt8>) { out.appendRun(bytes) }
        put(UInt32(evaluations.count))
        for evaluation in evaluations {
            run(evaluation.bundlePath.bytes)
            run(evaluation.codeResourcesPath.bytes)
            switch evaluation.outcome {
            case .evaluated: put(UInt8(0))
            case .unreadable(let reason): put(UInt8(1)); run(reason.utf8)
            case .noVersion2: put(UInt8(2))
            case .invalid(let reason): put(UInt8(3)); run(reason.utf8)
            case .unsupported(let reason): put(UInt8(4)); run(reason.utf8)
            case .tooCostly(let limit): put(UInt8(5)); put(UInt64(truncatingIfNeeded: limit))
            }
            put(UInt64(truncatingIfNeeded: evaluation.checked))
            put(UInt64(truncatingIfNeeded: evaluation.unverified))
            put(UInt32(evaluation.discrepancies.count))
            for d in evaluation.discrepancies {
                put(UInt8(SealDiscrepancy.Kind.allCases.firstIndex(of: d.kind) ?? 0))
                run(d.path.bytes)
                if let target = d.sealedTarget { put(UInt8(1)); run(target.utf8) } else { put(UInt8(0)) }
                if let target = d.foundTarget { put(UInt8(1)); run(target) } else { put(UInt8(0)) }
            }
        }
        return out
    }

    /// The evaluations `encoded` wrote, or nil for any other bytes (every count bounded by
    /// the bytes left, every reason valid UTF-8, nothing left over).
    public static func decoded(_ bytes: [UInt8]) -> [SealEvaluation]? {
        var reader = ByteReader(bytes)
        func text() -> String? { reader.run().flatMap { String(validating: $0, as: UTF8.self) } }
        func number() -> Int? { reader.u64().flatMap { $0 <= UInt64(Int.max) ? Int($0) : nil } }
        // The least bytes an evaluation and a discrepancy take.
        guard let count = reader.u32(), Int(count) <= reader.remaining / 29 else { return nil }
        var out: [SealEvaluation] = []
        for _ in 0..<count {
            guard let bundle = reader.run(), let seal = reader.run(), let tag = reader.u8() else { return nil }
            let outcome: Outcome
            switch tag {
            case 0: outcome = .evaluated
            case 1: guard let reason = text() else { return nil }; outcome = .unreadable(reason)
            case 2: outcome = .noVersion2
            case 3: guard let reason = text() else { return nil }; outcome = .invalid(reason)
            case 4: guard let reason = text() else { return nil }; outcome = .unsupported(reason)
            case 5: guard let limit = number() else { return nil }; outcome = .tooCostly(limit: limit)
            default: return nil
            }
            guard let checked = number(), let unverified = number(), let found = reader.u32(),
                  Int(found) <= reader.remaining / 7 else { return nil }
            var discrepancies: [SealDiscrepancy] = []
            for _ in 0..<found {
                guard let kind = reader.u8(), Int(kind) < SealDiscrepancy.Kind.allCases.count, let path = reader.run(),
                      let hasSealed = reader.u8(), hasSealed <= 1 else { return nil }
                var sealed: String?
                if hasSealed == 1 { guard let target = text() else { return nil }; sealed = target }
                guard let hasFound = reader.u8(), hasFound <= 1 else { return nil }
                var foundTarget: [UInt8]?
                if hasFound == 1 { guard let target = reader.run() else { return nil }; foundTarget = target }
                discrepancies.append(SealDiscrepancy(kind: SealDiscrepancy.Kind.allCases[Int(kind)], path: BundlePath(bytes: path),
                                                     sealedTarget: sealed, foundTarget: foundTarget))
            }
            out.append(SealEvaluation(bundlePath: BundlePath(bytes: bundle), codeResourcesPath: BundlePath(bytes: seal),
                                      outcome: outcome, discrepancies: discrepancies, checked: checked, unverified: unverified))
        }
        return reader.remaining == 0 ? out : nil
    }
}
