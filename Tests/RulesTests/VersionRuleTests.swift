import BundleModel
import Comparison
import Testing
@testable import Rules

@Suite struct VersionNumberTests {
    @Test func comparesComponentsAsIntegers() throws {
        let v = { (s: String) throws -> VersionNumber in try #require(VersionNumber(s)) }
        #expect(try v("1.10") > v("1.9"))
        #expect(try v("1.0") == v("1"))
        #expect(try v("1") == v("1.0.0"))
        #expect(try v("01.002") == v("1.2"))
        #expect(try v("1.2") < v("1.2.1"))
        #expect(try v("99999999999999999999999") > v("99999999999999999999998"))
        #expect(try v("10") > v("9.99.99"))
    }

    @Test("malformed strings say why", arguments: [
        ("1.0b3", "component '0b3'"), ("-beta.0", "negative number or pre-release"),
        ("9c8e08b", "commit hash"), ("1 ", "whitespace"),
        ("", "empty"), ("1..2", "empty component"),
    ])
    func malformed(_ text: String, _ reason: String) {
        guard case .failure(let problem) = VersionNumber.parse(text) else {
            Issue.record("\(text) parsed")
            return
        }
        #expect(problem.reason.contains(reason), "\(problem.reason)")
    }

    @Test func fourComponentsIsAMalformedBuildFinding() {
        let f = findings(of: .malformedVersion, RuleExample("", old: nil,
                                                           new: BuildNotIncreasedRule.app(short: "1.0", build: "1.2.3.4")))
        #expect(f.count == 1)
        #expect(f.first?.message.contains("CFBundleVersion '1.2.3.4' has 4 components") == true)
        #expect(f.first?.fingerprint == "version.malformed|com.example.app|CFBundleVersion=1.2.3.4")
    }
}

@Suite struct VersionPolicyTests {
    let old = BuildNotIncreasedRule.app(short: "1.0", build: "9")
    let new = BuildNotIncreasedRule.app(short: "1.1", build: "1")

    @Test func strictNeedsAHigherBuildAcrossShortVersions() {
        let f = findings(of: .buildNotIncreased, RuleExample("", old: old, new: new,
                                                             configuration: RuleConfiguration(versionPolicy: .strict)))
        #expect(f.count == 1)
        #expect(f.first?.message.contains("lower than 9") == true)
        #expect(f.first?.message.contains("strict policy") == true)
    }

    @Test func trainResetsWithANewShortVersion() {
        #expect(findings(of: .buildNotIncreased, RuleExample("", old: old, new: new,
                                                             configuration: RuleConfiguration(versionPolicy: .train))).isEmpty)
        let same = BuildNotIncreasedRule.app(short: "1.0", build: "8")
        #expect(findings(of: .buildNotIncreased, RuleExample("", old: old, new: same,
                                                             configuration: RuleConfiguration(versionPolicy: .train))).count == 1)
    }

    @Test func automaticIsStrictForMacLayout() {
        let mac = { (short: String, build: String) in
            ExampleBuild().bundle("Example.app", id: "com.example.app", version: build, shortVersion: short, layout: .contents)
        }
        #expect(findings(of: .buildNotIncreased, RuleExample("", old: mac("1.0", "9"), new: mac("1.1", "1"))).count == 1)
        #expect(findings(of: .buildNotIncreased, RuleExample("", old: old, new: new)).isEmpty)
    }

    @Test func baselineIsTheHighestRecordedBuildNotTheLatest() {
        let history = [RecordedVersion(shortVersion: "2.0", build: "15"), RecordedVersion(shortVersion: "2.0", build: "11")]
        let f = findings(of: .buildNotIncreased, RuleExample("", old: nil, new: BuildNotIncreasedRule.app(short: "2.0", build: "12"),
                                                             configuration: RuleConfiguration(versionPolicy: .strict),
                                                             history: history))
        #expect(f.count == 1)
        #expect(f.first?.message.contains("lower than 15, the highest build in recorded builds") == true)
        let above = findings(of: .buildNotIncreased, RuleExample("", old: nil, new: BuildNotIncreasedRule.app(short: "2.0", build: "16"),
                                                                 configuration: RuleConfiguration(versionPolicy: .strict),
                                                                 history: history))
        #expect(above.isEmpty)
    }

    @Test func shortVersionCannotGoBelowTheHistory() {
        let f = findings(of: .shortVersionDecreased, RuleExample("", old: nil, new: BuildNotIncreasedRule.app(short: "1.9", build: "50"),
                                                                 history: [RecordedVersion(shortVersion: "1.10", build: "40")]))
        #expect(f.map(\.message) == ["CFBundleShortVersionString 1.9 is lower than 1.10 in recorded builds: use 1.10 or higher"])
    }
}

@Suite struct NestedVersionTests {
    @Test func extensionMismatchWarnsFrameworkExemptUnlessConfigured() {
        let appex = NestedVersionCheck.example(kind: .appex, folder: "PlugIns/Share.appex", version: "4")
        let f = findings(of: .nestedVersionMismatch, RuleExample("", old: nil, new: appex))
        #expect(f.count == 1)
        #expect(f.first?.severity == .warning)
        #expect(f.first?.message.contains("CFBundleVersion '4' of Share.appex differs from the app's '5'") == true)

        let framework = NestedVersionCheck.example(kind: .framework, folder: "Frameworks/Core.framework", version: "4")
        #expect(findings(of: .nestedVersionMismatch, RuleExample("", old: nil, new: framework)).isEmpty)
        #expect(findings(of: .nestedVersionMismatch, RuleExample(
            "", old: nil, new: framework, configuration: RuleConfiguration(checkFrameworkVersions: true))).count == 1)
    }

    @Test("watch app and App Clip must match the app", arguments: ["Watch/W.app", "AppClips/Clip.app"])
    func nestedApps(_ folder: String) {
        let f = findings(of: .nestedAppVersionMismatch, RuleExample(
            "", old: nil, new: NestedVersionCheck.example(kind: .app, folder: folder, version: "6")))
        #expect(f.count == 1)
        #expect(f.first?.severity == .error)
        #expect(findings(of: .nestedAppVersionMismatch, RuleExample(
            "", old: nil, new: NestedVersionCheck.example(kind: .app, folder: folder, version: "5.0"))).isEmpty)
    }
}
