// Shared by every fuzz target (compiled into each by scripts/fuzz.sh).

/// Limits small enough that a hostile input fails fast under the fuzzer.
let fuzzLimits = PlistLimits(maxBytes: 1 << 20, maxDepth: 64, maxObjects: 100_000, maxExpandedBytes: 4 << 20)

/// Renders a decoded document to canonical text and parses it back: the stored text must
/// round-trip to the same text, or a later diff would show changes nobody made.
func checkCanonicalRoundTrip(_ document: PlistDocument) {
    let text = CanonicalText.render(.decoded(document))
    guard let reparsed = try? CanonicalText.parse(text) else {
        fatalError("canonical text does not parse back:\n\(text)")
    }
    let again = CanonicalText.render(reparsed)
    guard again == text else {
        fatalError("canonical text does not round-trip:\n\(text)\n---\n\(again)")
    }
}
