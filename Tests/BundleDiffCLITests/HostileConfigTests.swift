import BundleDiffKit
import Foundation
import Testing
import TestSupport

/// A pull request controls `.bundlediff.yml` (and the baseline it names): a hostile one is
/// refused in one line with exit 2, before the YAML library can exhaust memory (aliases
/// that expand a billion-fold) or the stack (`[[[…]]]` nested 100,000 deep).
@Suite struct HostileConfigTests {
    static let diff = ["diff", CLIHarness.demoBuild(1), CLIHarness.demoBuild(2)]

    /// Nine levels of ten aliases: 10^9 strings once expanded, from 600 bytes.
    static let laughs: String = {
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for i in 1..<10 { lines.append("a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]") }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let hostile: [(String, String)] = [
        ("rules: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), "nested too deeply"),
        (String(repeating: "- ", count: 100_000) + "x\n", "nested too deeply"),
        ((0..<400).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n"), "nested too deeply"),
        (laughs, "its aliases expand to more than 1048576 values"),
        (String(repeating: "# padding\n", count: 120_000), "too large for a configuration file (more than 1048576 bytes)"),
        // Found by ConfigFuzz: a chain of aliases nests without a bracket in the text.
        ((1..<1_400).map { "a\($0): &a\($0) [*a\($0 - 1)]" }.reduce("a0: &a0 [x]") { $0 + "\n" + $1 } + "\n",
         "its aliases nest more than 48 levels deep"),
        // Found by ConfigFuzz: Yams, the YAML library then, force-unwrapped a mapping key as a string.
        ("rules:\n  ? [a]\n  : off\n", "line 2: a mapping key must be a plain value, not a list or a mapping"),
        ("{{a: b}: c}", "line 1: a mapping key must be a plain value, not a list or a mapping"),
        // A key written twice: the last would win without a word.
        ("fail_on: info\nfail_on: error\n", "line 2: the key 'fail_on' is given twice (first on line 1); keep one"),
        ("rules:\n  l10n.untranslated: off\n  l10n.untranslated: error\n",
         "line 3: the key 'l10n.untranslated' is given twice (first on line 2); keep one"),
    ]

    /// The built binary in a child process under a 2 GB address-space limit, so that the
    /// code this replaces fails cleanly (a signal, not exit 2) instead of taking the machine.
    @Test(.enabled(if: FreshProcessTests.runnable, "needs the built bundlediff next to the tests"),
          arguments: hostile.indices)
    func hostileConfigurationsExitTwo(index: Int) throws {
        let (text, expected) = Self.hostile[index]
        let scratch = try ScratchDirectory("config")
        let config = try scratch.write("bundlediff.yml", text)
        let start = Date()
        let child = try ChildProcess.run("/bin/sh", ["-c", "ulimit -v 2000000 && exec \"$0\" \"$@\"",
                                                     UnreadableFileTests.binary] + Self.diff + ["--config", config])
        #expect(child.isCleanInputError, "\(child.reason) \(child.status): \(child.err.prefix(300))")
        #expect(child.err == "bundlediff: error: \(config): \(expected)\n"
                || child.err.hasPrefix("bundlediff: error: \(config): \(expected)"), "\(child.err.prefix(300))")
        #expect(child.err.split(separator: "\n").count == 1)
        #expect(Date().timeIntervalSince(start) < 20)
    }

    /// A baseline named by the configuration gets the same bounds.
    @Test func aHostileBaselineIsRefused() throws {
        let scratch = try ScratchDirectory("config")
        let baseline = try scratch.write("baseline.yml", Self.laughs)
        let config = try scratch.write("bundlediff.yml", "baseline: baseline.yml\n")
        let r = CLIHarness.run(Self.diff + ["--config", config])
        #expect(r.status == 2)
        #expect(r.err.contains("\(baseline): its aliases expand to more than 1048576 values"), "\(r.err)")
    }

    /// Brackets that a quote, comment or tag might hide never lower the count: each of
    /// these nests 60 deep after tricks that a scanner tracking quotes could misread.
    @Test(arguments: [
        "a: [\"]]]]\", " + String(repeating: "[", count: 60),
        "a: x 'y\n" + String(repeating: "[", count: 60),
        "a: [it's, 'a ]]]]' , " + String(repeating: "[", count: 60),
        "a: [ !t] " + String(repeating: "[ !t] ", count: 60),
        "a: [ # ]]]]\n" + String(repeating: "[", count: 60),
        "a: |\n  ]]]]]]]\n" + String(repeating: "[", count: 60),
    ])
    func hiddenClosersDoNotLowerTheBound(text: String) {
        #expect(throws: UserFacingError.self) { try ConfigurationFile.parse(text, file: "c.yml") }
        do { _ = try ConfigurationFile.parse(text, file: "c.yml") } catch {
            #expect(error.description.contains("nested too deeply"), "\(error.description)")
        }
    }

    /// Ordinary YAML still reads: flow collections on one line or several, quotes with
    /// brackets inside, comments, anchors used a few times, a document marker.
    @Test func ordinaryConfigurationsStillRead() throws {
        let text = """
            ---
            # settings [for the team]
            version_policy: &policy train   # see docs
            fail_on: "error"
            rules: {l10n.untranslated: off, l10n.missing-file: warning}
            baseline: [
              "l10n.missing-file|Wanderlust.app|en.lproj/Help [old].html@de",
              'l10n.untranslated|Wanderlust.app|{x}',
            ]
            only_new: true

            """
        let config = try ConfigurationFile.parse(text, file: "c.yml")
        #expect(config.onlyNew == true)
        #expect(config.rules.acceptedFingerprints.count == 2)
        // Nesting right at the limit is read (on a test thread's stack, too).
        let limit = "rules: " + String(repeating: "[", count: 46) + String(repeating: "]", count: 46)
        #expect(throws: UserFacingError.self) { try ConfigurationFile.parse(limit, file: "c.yml") }
        do { _ = try ConfigurationFile.parse(limit, file: "c.yml") } catch {
            #expect(error.description.contains("rules must map"), "\(error)")
        }
        var deep = "rules:\n"
        for i in 0..<5 { deep += String(repeating: "  ", count: i + 1) + "- - [[{a: [b]}]]\n" }
        #expect(throws: UserFacingError.self) { try ConfigurationFile.parse(deep, file: "c.yml") }
        do { _ = try ConfigurationFile.parse(deep, file: "c.yml") } catch {
            #expect(error.description.contains("rules must map"), "read, then judged on its content: \(error)")
        }
    }
}
