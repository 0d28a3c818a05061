// libFuzzer target: the seal patterns (`rules2` keys of CodeResources) from
// Sources/CodeSigning. The input is a pattern, a NUL, then paths separated by NULs.
//  - compiling never traps, whatever the bytes;
//  - matching costs at most the bound the budget promises (four steps per state per
//    byte, plus one): a hostile pattern cannot make it slow;
//  - where glibc's regcomp (POSIX ERE, C locale) accepts the pattern too, both agree on
//    every path: the automaton means what regexec means. glibc itself is only asked about
//    short patterns without counted repetition or stacked quantifiers (its regcomp runs
//    for minutes on `{m,n}` nests and on `a?????+++++`, the very cost this engine bounds),
//    nor about `^`/`$` anywhere but the edges of a top-level branch (glibc reads some of
//    those as literals, and matches others after or before a newline, where POSIX ERE and
//    Apple's TRE anchor only at the ends of the path).

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
        let bound = (4 * states + 1) * (path.count + 1)
        var budget = MatchBudget(steps: bound + 1)
        let ours: Bool
        do {
            ours = try pattern.matches(path, budget: &budget)
        } catch {
            fatalError("bound of \(bound) steps exceeded for \(states) states and \(path.count) bytes")
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

/// Whether a `^` or `$` sits anywhere but at the very edge of a top-level branch: a `^`
/// must have only `(`s between it and the pattern's start or a top-level `|`, a `$` only
/// `)`s between it and the end or a top-level `|`. glibc errs on the others: it lets
/// `.*(^/)` match "\n/)" and `(/$).*` match "/\nx" without `REG_NEWLINE`, where POSIX and
/// Apple's TRE anchor only at the ends. Brackets and escapes could hide a `(`, `)` or `|`,
/// so with either present only the pattern's own two ends count.
func hasInnerAnchors(_ pattern: [UInt8]) -> Bool {
    let open = UInt8(ascii: "("), close = UInt8(ascii: ")"), bar = UInt8(ascii: "|")
    let plain = !pattern.contains(UInt8(ascii: "[")) && !pattern.contains(UInt8(ascii: "\\"))
    var depth = [Int](repeating: 0, count: pattern.count)
    var level = 0
    for (i, c) in pattern.enumerated() {
        if c == close { level -= 1 }
        depth[i] = level
        if c == open { level += 1 }
    }
    func atBranchEdge(_ i: Int, step: Int, skipping wrapper: UInt8) -> Bool {
        var j = i + step
        while j >= 0, j < pattern.count, pattern[j] == wrapper { j += step }
        if j < 0 || j >= pattern.count { return true }
        return plain && pattern[j] == bar && depth[j] == 0
    }
    for (i, c) in pattern.enumerated() {
        if c == UInt8(ascii: "^"), !atBranchEdge(i, step: -1, skipping: open) { return true }
        if c == UInt8(ascii: "$"), !atBranchEdge(i, step: 1, skipping: close) { return true }
    }
    return false
}
