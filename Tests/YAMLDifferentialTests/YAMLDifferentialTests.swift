// TEMPORARY: the new composer against Yams 5.0.1 on many inputs; removed with Yams.
@testable import BundleDiffKit
import Foundation
import Testing
import Yams

enum Old {
    static func parse(_ bytes: [UInt8], file: String, limits: YAMLDocument.Limits) throws(UserFacingError) -> Any? {
        guard bytes.count <= limits.maxBytes else {
            throw UserFacingError("\(file): too large (more than \(limits.maxBytes) bytes)")
        }
        guard YAMLNestingBound.measure(bytes, limit: limits.maxDepth) != nil else {
            throw UserFacingError("\(file): nested too deeply to read safely (more than \(limits.maxDepth) levels)")
        }
        let node: Node?
        do { node = try Yams.compose(yaml: String(decoding: bytes, as: UTF8.self)) } catch {
            throw UserFacingError("\(file): not valid YAML (\(String(describing: error).split(separator: "\n").first ?? ""))")
        }
        guard let node else { return nil }
        var budget = limits.maxValues
        try check(node, depth: 0, budget: &budget, file: file, limits: limits)
        return node.any
    }

    static func check(_ node: Node, depth: Int, budget: inout Int, file: String,
                      limits: YAMLDocument.Limits) throws(UserFacingError) {
        budget -= 1
        guard budget >= 0 else {
            throw UserFacingError("\(file): its aliases expand to more than \(limits.maxValues) values")
        }
        if case .scalar = node { return }
        guard depth < limits.maxDepth else {
            throw UserFacingError("\(file): its aliases nest more than \(limits.maxDepth) levels deep")
        }
        switch node {
        case .scalar: return
        case .sequence(let items):
            for item in items { try check(item, depth: depth + 1, budget: &budget, file: file, limits: limits) }
        case .mapping(let pairs):
            for (key, value) in pairs {
                guard case .scalar = key else {
                    let line = key.mark.map { "line \($0.line): " } ?? ""
                    throw UserFacingError("\(file): \(line)a mapping key must be a plain value, not a list or a mapping")
                }
                try check(value, depth: depth + 1, budget: &budget, file: file, limits: limits)
            }
        }
    }
}

/// A type-exact description of a value with, at every level, how the consumers' casts take it.
func canon(_ value: Any) -> String {
    var casts = ""
    casts += value is String ? "S" : "-"
    casts += value is Bool ? "B" : "-"
    casts += value is Int ? "I" : "-"
    casts += value is [Any] ? "A" : "-"
    casts += value is [String: Any] ? "M" : "-"
    let t = ObjectIdentifier(type(of: value))
    let body: String
    if t == ObjectIdentifier(String.self) { body = "s" + (value as! String).debugDescription }
    else if t == ObjectIdentifier(Bool.self) { body = "b\(value as! Bool)" }
    else if t == ObjectIdentifier(Int.self) { body = "i\(value as! Int)" }
    else if t == ObjectIdentifier(Double.self) { let d = value as! Double; body = d.isNaN ? "dnan" : "d\(d)" }
    else if value is NSNull || value is YAMLNull { body = "null" }
    else if value is Date || value is YAMLTimestamp { body = "ts" }
    else if let d = value as? Data { body = "bin\(Array(d))" }
    else if let d = value as? YAMLBinary { body = "bin\(d.bytes)" }
    else if let s = value as? Set<AnyHashable> { body = "set" + s.map { "\($0)" }.sorted().description }
    else if let p = value as? [(Any, Any)] { body = "pairs(" + p.map { canon($0.0) + ":" + canon($0.1) }.joined(separator: ",") + ")" }
    else if let m = value as? [AnyHashable: Any] {
        body = "{" + m.map { "\($0.key as! String)".debugDescription + ":" + canon($0.value) }.sorted().joined(separator: ",") + "}"
    } else if let m = value as? [String: Any] {
        body = "{" + m.map { $0.key.debugDescription + ":" + canon($0.value) }.sorted().joined(separator: ",") + "}"
    } else if let a = value as? [Any] { body = "[" + a.map(canon).joined(separator: ",") + "]" }
    else { body = "?\(type(of: value))" }
    return casts + body
}

func outcome(_ run: () throws(UserFacingError) -> Any?) -> String {
    do {
        guard let v = try run() else { return "nil" }
        return canon(v)
    } catch {
        if error.description.hasPrefix("f: not valid YAML (") { return "invalid" }
        return "error: " + error.description
    }
}

func compare(_ bytes: [UInt8], limits: YAMLDocument.Limits = .configuration) -> String? {
    let old = outcome { () throws(UserFacingError) in try Old.parse(bytes, file: "f", limits: limits) }
    let new = outcome { () throws(UserFacingError) in try YAMLDocument.parse(bytes, file: "f", limits: limits) }
    return old == new ? nil : "\(String(decoding: bytes, as: UTF8.self).debugDescription)\n  yams: \(old)\n  new:  \(new)"
}

@Suite struct YAMLDifferentialTests {
    @Test func tableAndStructures() {
        var failures: [String] = []
        for input in DifferentialInputs.all { if let f = compare(Array(input.utf8)) { failures.append(f) } }
        for f in failures.prefix(60) { print(f) }
        print("differential: \(DifferentialInputs.all.count) inputs, \(failures.count) differences")
        #expect(failures.isEmpty)
    }

    @Test func mutations() {
        var rng = SplitMix(seed: 20260101)
        let alphabet = Array("abx01279:._-+ \n\t[]{},?&*!<=~#'\"|>%@`\\eExob".utf8)
        let seeds = DifferentialInputs.all.map { Array($0.utf8) }
        var failures: [String] = []
        var runs = 0, trapped = 0
        for _ in 0..<60_000 {
            var b = seeds[Int(rng.next() % UInt64(seeds.count))]
            for _ in 0...(rng.next() % 4) {
                let op = rng.next() % 4
                let at = b.isEmpty ? 0 : Int(rng.next() % UInt64(b.count + 1))
                switch op {
                case 0: b.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                case 1: if at < b.count { b.remove(at: at) }
                case 2: if at < b.count { b[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))] }
                default:
                    let other = seeds[Int(rng.next() % UInt64(seeds.count))]
                    if !other.isEmpty { let from = Int(rng.next() % UInt64(other.count)); b.insert(contentsOf: other[from...].prefix(12), at: at) }
                }
            }
            // Yams traps on a base-60 number past Int's range; keep those out.
            if wouldTrap(b) { trapped += 1; continue }
            runs += 1
            if let f = compare(b) { failures.append(f) }
        }
        for f in failures.prefix(60) { print(f) }
        print("differential mutations: \(runs) inputs, \(failures.count) differences, \(trapped) skipped (Yams traps)")
        #expect(failures.isEmpty)
    }
}

func wouldTrap(_ bytes: [UInt8]) -> Bool {
    guard let graph = try? YAMLComposer.compose(bytes) else { return false }
    return graph.nodes.indices.contains { i in
        let n = graph.nodes[i]
        return n.kind == .scalar && n.plain && graph.resolvedTag(i) == YAMLTag.int && n.text.contains(":")
            && YAMLScalar.int(n.text) == nil
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
