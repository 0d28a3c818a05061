// libFuzzer target: `JSONReader`, the bounded reader of `bundlediff.json` (compiled with
// JSONNode.swift and JSONMembers.swift alone). A history can come from anywhere, so:
//  - any bytes give a value or a refusal, never a trap, and nesting past `maxDepth` is refused;
//  - an accepted text, written back compactly and read again, gives the same value;
//  - where Foundation's `JSONSerialization` also reads the text, it reads the same values
//    (numbers compared as doubles where a double holds them).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func jsonFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard case .success(let node) = JSONReader.parse(bytes) else { return 0 }
    if depth(node) > JSONReader.maxDepth { fatalError("accepted nesting \(depth(node)) deep") }
    var text: [UInt8] = []
    write(node, to: &text)
    guard case .success(let again) = JSONReader.parse(text), again == node else {
        fatalError("written back as \(String(decoding: text, as: UTF8.self)), it reads differently")
    }
    if let other = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
       !same(node, other) {
        fatalError("Foundation reads \(String(decoding: bytes, as: UTF8.self)) differently")
    }
    return 0
}

private func depth(_ node: JSONNode) -> Int {
    switch node {
    case .array(let items): return 1 + (items.map(depth).max() ?? 0)
    case .object(let members): return 1 + (members.values.map(depth).max() ?? 0)
    default: return 0
    }
}

private func write(_ node: JSONNode, to out: inout [UInt8]) {
    switch node {
    case .null: out += Array("null".utf8)
    case .bool(let b): out += Array((b ? "true" : "false").utf8)
    case .number(let text): out += Array(text.utf8)
    case .string(let s): writeString(s, to: &out)
    case .array(let items):
        out.append(UInt8(ascii: "["))
        for (n, item) in items.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            write(item, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    case .object(let members):
        out.append(UInt8(ascii: "{"))
        for (n, key) in members.keys.sorted().enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            writeString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            write(members[key]!, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

private func writeString(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in s.utf8 {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
        case 0..<0x20: out += Array(("\\u00" + (byte < 16 ? "0" : "") + String(byte, radix: 16)).utf8)
        default: out.append(byte)
        }
    }
    out.append(UInt8(ascii: "\""))
}

private func same(_ node: JSONNode, _ other: Any) -> Bool {
    switch node {
    case .null: return other is NSNull
    case .bool(let b): return (other as? Bool) == b && !(other is Int && !(other is Bool))
    case .number(let text):
        guard let value = (other as? NSNumber)?.doubleValue, let mine = Double(text) else { return false }
        // Foundation keeps long mantissas as decimals whose double may round differently:
        // values are compared only where a double holds the number exactly enough.
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber).drop { $0 == "0" }
        guard mantissa.count <= 15, mine.isFinite, mine == 0 || abs(mine) > 1e-300 else { return true }
        return value == mine || abs(value - mine) <= abs(mine) * 1e-14
    case .string(let s): return (other as? String) == s
    case .array(let items):
        guard let others = other as? [Any], others.count == items.count else { return false }
        return zip(items, others).allSatisfy { same($0, $1) }
    case .object(let members):
        guard let others = other as? [String: Any], others.count == members.count else { return false }
        return members.allSatisfy { key, value in others[key].map { same(value, $0) } ?? false }
    }
}
