// Shared by every fuzz target (compiled into each by scripts/fuzz.sh; in the plist targets'
// module PropertyLists the import names the module itself and is ignored).
import PropertyLists

/// Limits small enough that a hostile input fails fast under the fuzzer.
let fuzzLimits = PlistLimits(maxBytes: 1 << 20, maxDepth: 64, maxObjects: 100_000, maxExpandedBytes: 4 << 20)

/// The stored canonical text must give back exactly the decoded document
/// (`parse(render(x)) == x`), or a later diff would show changes nobody made or hide real
/// ones (PlistValue equality treats NaN as equal to NaN).
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
    guard reparsed == .decoded(document) else {
        fatalError("canonical text parses back to a different document:\n\(text)")
    }
}
