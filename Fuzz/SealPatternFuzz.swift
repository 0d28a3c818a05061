// libFuzzer target: the seal patterns (`rules2` keys of CodeResources) from
// Sources/CodeSigning. The input is a pattern, a NUL, then paths separated by NULs.
//  - compiling never traps, whatever the bytes;
//  - matching costs at most the bound the budget promises (four steps per state per
//    byte, plus one): a hostile pattern cannot make it slow;
//  - where glibc's regcomp (POSIX ERE, C locale) accepts the pattern too, both agree on
//    every path: the automaton means what regexec means. glibc itself is only asked about
//    short patterns without counted repetition or stacked quantifiers (its regcomp runs
//    for minutes on `{m,n}` nests and on `a?????+++++`, the very cost this engine bounds),
//    nor about `^`/`$` inside a branch (glibc reads those as literals where POSIX ERE and
//    Apple's TRE read anchors).

import Glibc

@_cdecl("LLVMFuzzerTestOneInput")
public func sealPatternFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let input = Array(UnsafeRawBufferPointer(start: start, count: count))
    let parts = input.split(separator: 0, omittingEmptySubsequences: false)
    guard let first = parts.first, let source = String(validating: first, as: UTF8.self) else { return 0 }
    let paths = parts.dropFirst().prefix(8).map { Array($0) }
    let pattern: SealPattern
    do {
        pattern = try SealPattern(source)
    } catch {
        return 0
    }
    let states = pattern.stateCount
    var reference = regex_t()
    let askGlibc = first.count <= 128 && !first.contains(UInt8(ascii: "{")) && !hasStackedQuantifiers(Array(first))
        && !hasInnerAnchors(Array(first))
    let compiled = askGlibc && regcomp(&reference, source, REG_EXTENDED | REG_NOSUB) == 0
    defer { if compiled { regfree(&reference) } }
    for path in paths {
        var budget = MatchBudget(steps: 10_000_000)
        let bound = (4 * states + 1) * (path.count + 1)
        let ours: Bool
        do {
            ours = try pattern.matches(path, budget: &budget)
        } catch {
            fatalError("budget of 10M exceeded for \(states) states and \(path.count) bytes")
        }
        let spent = budget.limit - budget.remaining
        guard spent <= bound else { fatalError("spent \(spent) steps, bound \(bound)") }
        if compiled {
            let theirs = path.withUnsafeBufferPointer { buffer in
                var text = Array(buffer) + [0]
                return regexec(&reference, &text, 0, nil, 0) == 0
            }
            guard ours == theirs else {
                fatalError("pattern \(source.debugDescription) on \(path): ours \(ours), regexec \(theirs)")
            }
        }
    }
    return 0
}

/// Whether a quantifier directly follows another (`a**`, `a?+`).
func hasStackedQuantifiers(_ pattern: [UInt8]) -> Bool {
    let quantifiers: Set<UInt8> = [UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?")]
    return zip(pattern, pattern.dropFirst()).contains { quantifiers.contains($0) && quantifiers.contains($1) }
}

/// Whether a `^` follows something other than the start, `(` or `|`, or a `$` precedes
/// something other than the end, `)` or `|` (a bracket's contents included, to keep it simple).
func hasInnerAnchors(_ pattern: [UInt8]) -> Bool {
    for (i, c) in pattern.enumerated() {
        if c == UInt8(ascii: "^"), i > 0, ![UInt8(ascii: "("), UInt8(ascii: "|")].contains(pattern[i - 1]) { return true }
        if c == UInt8(ascii: "$"), i + 1 < pattern.count, ![UInt8(ascii: ")"), UInt8(ascii: "|")].contains(pattern[i + 1]) { return true }
    }
    return false
}
