import Testing
@testable import CodeSigning

@Suite struct SealPatternTests {
    private func matches(_ pattern: String, _ path: String) throws -> Bool {
        var budget = MatchBudget()
        return try SealPattern(pattern).matches(Array(path.utf8), budget: &budget)
    }

    @Test func applesRulesMatchWhatCodesignMatches() throws {
        #expect(try matches(#"^.*\.lproj/"#, "en.lproj/InfoPlist.strings"))
        #expect(try matches(#"^.*\.lproj/"#, "Frameworks/X.framework/en.lproj/a"))
        #expect(try !matches(#"^.*\.lproj/"#, "enXlproj/a"))
        #expect(try matches(#"^(.*/)?\.DS_Store$"#, ".DS_Store"))
        #expect(try matches(#"^(.*/)?\.DS_Store$"#, "a/b/.DS_Store"))
        #expect(try !matches(#"^(.*/)?\.DS_Store$"#, "a/b/x.DS_Store"))
        #expect(try matches(#".*\.dSYM($|/)"#, "Foo.dSYM"))
        #expect(try matches(#".*\.dSYM($|/)"#, "a/Foo.dSYM/Contents"))
        #expect(try !matches(#".*\.dSYM($|/)"#, "Foo.dSYMs"))
        #expect(try matches(#"^[^/]+$"#, "Frameworks"))
        #expect(try !matches(#"^[^/]+$"#, "Frameworks/A.framework"))
        #expect(try matches(#"^(Frameworks|SharedFrameworks|PlugIns|Plug-ins|XPCServices|Helpers|MacOS|Library/(Automator|Spotlight|LoginItems))/"#,
                            "Library/LoginItems/Helper.app"))
        #expect(try !matches(#"^Info\.plist$"#, "Info.plist.bak"))
        #expect(try matches("^", "anything"))
        // Unanchored: regexec searches.
        #expect(try matches("lproj", "Base.lproj/Main.nib"))
    }

    @Test func countedRepetitionAndClasses() throws {
        #expect(try matches("^a{2,3}$", "aaa"))
        #expect(try !matches("^a{2,3}$", "aaaa"))
        #expect(try matches("^a{2,}$", "aaaaaa"))
        #expect(try matches("^[[:digit:]]+x$", "123x"))
        #expect(try matches("^[]a]$", "]"))
        #expect(try matches("^[^]a]$", "b"))
        #expect(try matches("^[a-c-]+$", "ab-c"))
    }

    @Test func refusesWhatRegcompRefusesAndWhatItDoesNotEvaluate() {
        #expect(throws: SealPatternError.self) { try SealPattern("(") }
        #expect(throws: SealPatternError.self) { try SealPattern("a)") }
        #expect(throws: SealPatternError.self) { try SealPattern("*a") }
        #expect(throws: SealPatternError.self) { try SealPattern("[z-a]") }
        #expect(throws: SealPatternError.self) { try SealPattern("a\\") }
        #expect(throws: SealPatternError.self) { try SealPattern("[[:nope:]]") }
        #expect(throws: SealPatternError.self) { try SealPattern(#"\d"#) }
        #expect(throws: SealPatternError.self) { try SealPattern("[[.a.]]") }
        #expect(throws: SealPatternError.self) { try SealPattern(String(repeating: "(", count: 100) + String(repeating: ")", count: 100)) }
    }

    /// A pattern that makes backtracking engines take exponential time costs a bounded,
    /// linear number of steps here; a huge one is refused, not compiled.
    @Test func costIsBounded() throws {
        let evil = try SealPattern("^(a+)+$")
        let path = Array(String(repeating: "a", count: 4000).utf8) + [UInt8(ascii: "b")]
        var budget = MatchBudget()
        #expect(try !evil.matches(path, budget: &budget))
        let spent = budget.limit - budget.remaining
        #expect(spent <= (4 * evil.stateCount + 1) * (path.count + 1))
        #expect(throws: SealPatternError.self) { try SealPattern("((a{255}){255}){255}") }
        var small = MatchBudget(steps: 100)
        #expect(throws: MatchBudget.Exceeded.self) { try evil.matches(path, budget: &small) }
    }
}
