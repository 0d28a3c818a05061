// libFuzzer target: the reader of a build's kept seal evaluations
// (`SealEvaluation.decoded`, Sources/CodeSigning/SealEvaluation+Facts.swift), compiled by
// scripts/fuzz.sh with the evaluation's sources as the module CodeSigning over BundleModel.
// The bytes are local derived data (`RecordedFacts` checks their closing sum), but a
// repository handed over may hold a crafted file with a right sum: whatever the bytes, the
// reader takes them or refuses them, never traps, and what it takes is exactly what
// `encoded` writes for it (one spelling a list of evaluations).
@_cdecl("LLVMFuzzerTestOneInput")
public func sealFactsFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let input = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let evaluations = SealEvaluation.decoded(input) else { return 0 }
    guard SealEvaluation.encoded(evaluations) == input else {
        fatalError("decoded bytes that encode otherwise: \(input.count) bytes")
    }
    return 0
}
