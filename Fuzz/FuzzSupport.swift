// Shared by every fuzz target (compiled into each by scripts/fuzz.sh).

/// Limits small enough that a hostile input fails fast under the fuzzer.
let fuzzLimits = PlistLimits(maxBytes: 1 << 20, maxDepth: 64, maxObjects: 100_000, maxExpandedBytes: 4 << 20)

/// The stored canonical text must give back exactly the decoded document
/// (`parse(render(x)) == x`), or a later diff would show changes nobody made or hide real
/// ones. NaN reals are compared through their text (NaN is never equal to itself).
func checkCanonicalRoundTrip(_ document: PlistDocument) {
    let text = CanonicalText.render(.decoded(document))
    let reparsed: DecodedPlist
    do {
        reparsed = try CanonicalText.parse(text)
    } catch {
        fatalError("canonical text does not parse back (\(error)):\n\(text)")
    }
    let again = CanonicalText.render(reparsed)
    guard again == text else {
        fatalError("canonical text does not round-trip:\n\(text)\n---\n\(again)")
    }
    guard !containsNaN(document.root) else { return }
    guard reparsed == .decoded(document) else {
        fatalError("canonical text parses back to a different document:\n\(text)")
    }
}

func containsNaN(_ value: PlistValue) -> Bool {
    switch value {
    case .real(let r), .date(let r): r.isNaN
    case .array(let items): items.contains(where: containsNaN)
    case .dictionary(let d): d.entries.contains { containsNaN($0.value) }
    default: false
    }
}
