// libFuzzer target: the encoding of property-list values kept in the derived cache
// (Sources/PropertyLists/PlistEncoding*.swift), compiled by scripts/fuzz.sh with the
// PropertyLists sources as one module. The input is two encodings: its first byte, times
// the input's length over 256, is where the second starts. Whatever the bytes:
// - `isWellFormed` says yes exactly when the lenient `decode` reads them, and a value read
//   encodes to bytes that read back to it;
// - `decodeOwn` (the cache's read, keys not checked) reads them too, and where the strict
//   read does, the same value with the same look-ups;
// - `entries(at:in:)` lists what the decoded dictionary holds at that key;
// - `differingKeys` finds what comparing the decoded dictionaries key by key finds (the
//   classifier of re-sealed seals relies on it: `SignatureNoiseClassifier.isReseal`).
import PropertyLists

@_cdecl("LLVMFuzzerTestOneInput")
public func plistEncodingFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let input = UnsafeRawBufferPointer(start: start, count: count)
    let split = 1 + Int(input[0]) * (count - 1) / 256
    let x = UnsafeRawBufferPointer(rebasing: input[1..<split]), y = UnsafeRawBufferPointer(rebasing: input[split...])
    let vx = check(x), vy = check(y)
    let tables = keys(vx) + keys(vy)
    checkEntries(at: tables, x, vx)
    let found = PlistEncoding.differingKeys(at: tables, x, y)
    guard (found == nil) == (vx == nil || vy == nil) else { fatalError("differingKeys and isWellFormed disagree") }
    if let a = strict(x), let b = strict(y), let found {
        let expected = tables.flatMap { differing(a[$0]?.dictionaryValue ?? PlistDictionary(), b[$0]?.dictionaryValue ?? PlistDictionary()) }
        guard found == expected else { fatalError("differingKeys found \(found), the decoded dictionaries \(expected)") }
    }
    return 0
}

/// The lenient value of `bytes`, held to `isWellFormed` and to a round trip.
private func check(_ bytes: UnsafeRawBufferPointer) -> PlistValue? {
    let value = PlistEncoding.decode(bytes, keepingFirstKey: true)
    guard PlistEncoding.isWellFormed(bytes) == (value != nil) else { fatalError("isWellFormed and decode disagree") }
    // The cache's own read takes every well-formed encoding; where no key is written twice
    // (the strict read takes it) it gives the same value, whose look-ups answer alike.
    let own = PlistEncoding.decodeOwn(bytes)
    guard (own != nil) == (value != nil) else { fatalError("decodeOwn and isWellFormed disagree") }
    if let strict = strict(bytes) {
        guard own == strict else { fatalError("decodeOwn and decode read different values") }
        if let a = own?.dictionaryValue, let b = strict.dictionaryValue {
            guard (b.keys + ["absent"]).allSatisfy({ a[$0] == b[$0] }) else { fatalError("decodeOwn's look-ups differ") }
        }
    }
    if let value {
        var again: [UInt8] = []
        guard PlistEncoding.append(value, to: &again),
              again.withUnsafeBytes({ PlistEncoding.decode($0) }) == value else { fatalError("a value that does not round-trip") }
    }
    return value
}

private func strict(_ bytes: UnsafeRawBufferPointer) -> PlistValue? { PlistEncoding.decode(bytes) }

/// The root's first keys, and `files2` (the key the classifier asks for).
private func keys(_ value: PlistValue?) -> [String] {
    ["files2"] + (value?.dictionaryValue?.keys.prefix(2) ?? [])
}

private func checkEntries(at keys: [String], _ bytes: UnsafeRawBufferPointer, _ value: PlistValue?) {
    let tables = PlistEncoding.entries(at: keys, in: bytes)
    guard (tables == nil) == (value == nil) else { fatalError("entries and isWellFormed disagree") }
    guard let tables, let value = strict(bytes) else { return }
    for (key, entries) in zip(keys, tables) {
        let listed = entries.map { (String(decoding: bytes[$0.key], as: UTF8.self),
                                    PlistEncoding.decode(UnsafeRawBufferPointer(rebasing: bytes[$0.value]))) }
        let expected = value[key]?.dictionaryValue?.entries ?? []
        guard listed.count == expected.count,
              zip(listed, expected).allSatisfy({ $0.0 == $1.key && $0.1 == $1.value }) else {
            fatalError("entries(at: \(key)) lists other entries than the decoded dictionary")
        }
    }
}

/// What `SignatureNoiseClassifier.isReseal` computes from decoded seals.
private func differing(_ x: PlistDictionary, _ y: PlistDictionary) -> [String] {
    x.entries.filter { y[$0.key] != $0.value }.map(\.key) + y.keys.filter { x[$0] == nil }
}
