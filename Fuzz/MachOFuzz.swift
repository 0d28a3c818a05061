// libFuzzer target: the Mach-O reader (universal and thin headers, load commands, symbol
// table, chained-fixup imports, code-signature superblob, entitlements XML and DER), then
// the canonical text of whatever it read. Must return facts or throw MachOError; the text
// must parse back to the same facts; and the ranges `MachOReadPlan` names, kept alone (as
// the streaming sniffer keeps them), must read the same facts as the whole file.

/// Limits small enough that a hostile input fails fast under the fuzzer.
let machOFuzzLimits = MachOLimits(maxSlices: 64, maxLoadCommands: 4096, maxSignatureBlobs: 64,
                                  maxNameBytes: 1 << 20, maxEntitlementsBytes: 1 << 16)

@_cdecl("LLVMFuzzerTestOneInput")
public func machOFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    _ = MachOFile.isMachO(prefix: bytes)
    // A stand-in digest: the reader's cdhash path runs; the hash itself is OpenSSL's business.
    let digest: MachODigest = { _, b in Array(b.prefix(32)) + [UInt8](repeating: 0, count: 20) }
    guard let file = try? MachOFile.parse(bytes, limits: machOFuzzLimits, digest: digest) else { return 0 }
    let text = MachOText.render(file)
    let reparsed: MachOFile
    do {
        reparsed = try MachOText.parse(text)
    } catch {
        fatalError("Mach-O facts do not parse back (\(error)):\n\(text)")
    }
    guard reparsed == file else { fatalError("Mach-O facts parse back to different facts:\n\(text)") }
    var pieces: [(offset: Int, bytes: [UInt8])] = []
    var planned: Set<Int> = []
    for _ in 0..<1_000 {
        let plan = MachOReadPlan.next(for: MachOByteRanges(fileSize: bytes.count, pieces: pieces), limits: machOFuzzLimits,
                                      planned: planned)
        planned = plan.planned
        if plan.ranges.isEmpty { break }
        pieces += plan.ranges.map { ($0.lowerBound, Array(bytes[$0])) }
    }
    let kept = MachOByteRanges(fileSize: bytes.count, pieces: pieces)
    guard let partial = try? MachOFile.parse(kept, limits: machOFuzzLimits, digest: digest), partial == file else {
        fatalError("the planned ranges do not read the facts of the whole file")
    }
    return 0
}
