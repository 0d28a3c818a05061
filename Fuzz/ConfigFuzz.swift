// libFuzzer target: the bounded YAML reading of `.bundlediff.yml` and baseline files
// (YAMLDocument, YAMLNestingBound and the composer over libyaml from Sources/BundleDiffKit,
// linked with the system's libyaml). A pull request controls these files, so:
//  - YAMLDocument.parse never crashes, whatever the bytes (a refusal is a thrown error);
//  - the nesting bound is an upper bound: whenever the composer reads a text without aliases,
//    the real depth of its collections is at most what YAMLNestingBound measured;
//  - an accepted document, aliases expanded, nests at most `maxDepth` deep.

@_cdecl("LLVMFuzzerTestOneInput")
public func configFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    // The configuration's limits, but a smaller expansion budget: alias bombs are refused
    // the same way, only sooner, so the fuzzer spends its time on the scanner and libyaml.
    var limits = YAMLDocument.Limits.configuration
    limits.maxValues = 20_000
    let accepted = (try? YAMLDocument.parse(bytes, file: "fuzz.yml", limits: limits)) != nil
    // The composer needs no stack, but the depth below is measured recursively: only
    // where the stack is surely safe (far below where it overflows).
    guard let bound = YAMLNestingBound.measure(bytes, limit: 200),
          let graph = try? YAMLComposer.compose(bytes) else { return 0 }
    var budget = 20_000
    guard let real = depth(graph, graph.root, budget: &budget) else { return 0 }
    if accepted && real > limits.maxDepth { fatalError("accepted a document nested \(real) deep") }
    // The bound is about the text; an alias (`*name`) nests its anchor without brackets,
    // which the expanded-tree check above covers.
    if !bytes.contains(UInt8(ascii: "*")) && real > bound {
        fatalError("nesting bound \(bound) is below the real depth \(real)")
    }
    return 0
}

/// Collections nested in `index` (a scalar is 0), or nil past `budget` nodes (aliases).
func depth(_ graph: YAMLGraph, _ index: Int, budget: inout Int) -> Int? {
    budget -= 1
    guard budget >= 0 else { return nil }
    let node = graph.nodes[index]
    if node.kind == .scalar { return 0 }
    var deepest = 0
    for child in node.children {
        guard let d = depth(graph, child, budget: &budget) else { return nil }
        deepest = max(deepest, d)
    }
    return 1 + deepest
}
