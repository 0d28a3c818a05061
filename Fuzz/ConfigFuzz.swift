// libFuzzer target: the bounded YAML reading of `.bundlediff.yml` and baseline files
// (YAMLDocument and YAMLNestingBound from Sources/BundleDiffKit, compiled together with
// Yams and its libyaml). A pull request controls these files, so:
//  - YAMLDocument.parse never crashes, whatever the bytes (a refusal is a thrown error);
//  - the nesting bound is an upper bound: whenever Yams composes a text without aliases,
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
    // Compose directly only where the stack is surely safe (far below where it overflows).
    guard let bound = YAMLNestingBound.measure(bytes, limit: 200),
          let node = try? compose(yaml: String(decoding: bytes, as: UTF8.self)) else { return 0 }
    var budget = 20_000
    guard let real = depth(node, budget: &budget) else { return 0 }
    if accepted && real > limits.maxDepth { fatalError("accepted a document nested \(real) deep") }
    // The bound is about the text; an alias (`*name`) nests its anchor without brackets,
    // which the expanded-tree check above covers.
    if !bytes.contains(UInt8(ascii: "*")) && real > bound {
        fatalError("nesting bound \(bound) is below the real depth \(real)")
    }
    return 0
}

/// Collections nested in `node` (a scalar is 0), or nil past `budget` nodes (aliases).
func depth(_ node: Node, budget: inout Int) -> Int? {
    budget -= 1
    guard budget >= 0 else { return nil }
    var deepest = 0
    switch node {
    case .scalar: return 0
    case .sequence(let items):
        for item in items {
            guard let d = depth(item, budget: &budget) else { return nil }
            deepest = max(deepest, d)
        }
    case .mapping(let pairs):
        for (key, value) in pairs {
            guard let k = depth(key, budget: &budget), let v = depth(value, budget: &budget) else { return nil }
            deepest = max(deepest, k, v)
        }
    }
    return 1 + deepest
}
