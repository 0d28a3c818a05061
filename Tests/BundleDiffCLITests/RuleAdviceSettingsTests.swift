import BundleDiffKit
import BundleModel
import Rules
import Testing

/// Advice must be true: every setting a rule's text names (in backticks) is one the
/// configuration reader accepts. The names are taken from the texts and put through
/// `ConfigurationFile.parse`, so a renamed or invented setting fails here.
@Suite struct RuleAdviceSettingsTests {
    /// Every text a rule shows a user: its name, its rationale, and the messages of the
    /// findings its triggering examples produce.
    static func texts() -> [(RuleID, String)] {
        RuleID.allCases.flatMap { id -> [(RuleID, String)] in
            let d = id.description
            let empty = BuildSnapshot(sourceKind: .directory, sourceName: "none", entries: [], plists: [:], bundles: [])
            let messages = d.triggeringExamples.flatMap { e in
                RuleEngine.run(old: e.old?.snapshot() ?? empty, new: e.new.snapshot(), configuration: e.configuration,
                               history: e.history, only: [id]).map(\.message)
            }
            return ([d.name, d.rationale] + messages).map { (id, $0) }
        }
    }

    /// The backticked spans of `text` that read as a setting: a YAML key (lowercase
    /// letters, digits, `_`, `-`, `.`), optionally with `: value`.
    static func settingSpans(_ text: String) -> [String] {
        let spans = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        return spans.filter { span in
            let key = span.split(separator: ":", maxSplits: 1).first.map(String.init) ?? span
            guard let first = key.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
            return key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }
        }
    }

    /// The YAML that sets `span`: a rule id goes under `rules:`; a bare key gets `true`.
    static func yaml(_ span: String) -> String {
        if RuleID(rawValue: span) != nil { return "rules:\n  \(span): warning\n" }
        return span.contains(":") ? span + "\n" : span + ": true\n"
    }

    @Test func everySettingNamedInARuleTextExists() throws {
        var named = 0
        for (id, text) in Self.texts() {
            for span in Self.settingSpans(text) {
                named += 1
                do {
                    _ = try ConfigurationFile.parse(Self.yaml(span), file: "advice.yml")
                } catch {
                    Issue.record("\(id.rawValue) names `\(span)`, which .bundlediff.yml does not accept: \(error.description)")
                }
            }
        }
        #expect(named > 0, "the rule texts name at least one setting (check_framework_versions)")
    }

    @Test func theSpansAreFoundAndCheckedByTheReader() throws {
        #expect(Self.settingSpans("unless `nested-versions.frameworks` is on, in `Watch/`") == ["nested-versions.frameworks"])
        #expect(throws: UserFacingError.self) { try ConfigurationFile.parse(Self.yaml("nested-versions.frameworks"), file: "x") }
        #expect(try ConfigurationFile.parse(Self.yaml("check_framework_versions: true"), file: "x").rules.checkFrameworkVersions)
    }
}
