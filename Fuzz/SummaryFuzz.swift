// libFuzzer target: `SummaryDirectReader`, the direct reading of `bundlediff.json` (compiled
// with the summary's sources and the JSON reader; BundleModel as a module of its own).
// Any bytes give a summary or nil, never a trap; and whenever the direct reader gives a
// summary, the tree reading (`SnapshotSummary.tree`) gives the same one.
@_cdecl("LLVMFuzzerTestOneInput")
public func summaryFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let direct = SummaryDirectReader.read(bytes) else { return 0 }
    guard case .success(let tree) = SnapshotSummary.tree(bytes), tree == direct else {
        fatalError("the direct reader answers differently for \(String(decoding: bytes, as: UTF8.self))")
    }
    return 0
}
