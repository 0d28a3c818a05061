import BundleModel
import Comparison
import Testing
@testable import Rules

/// A nested bundle whose content did not change gets no version finding, whether the app
/// around it changed its version or not; once the nested bundle changes, it is judged again.
@Suite struct UnchangedNestedVersionTests {
    static func app(build: String, framework: String, frameworkShort: String = "1.0", extra: String? = nil,
                    kind: BundleInfo.Kind = .framework, folder: String = "Frameworks/Core.framework") -> ExampleBuild {
        var b = ExampleBuild()
            .bundle("Example.app", id: "com.example.app", version: build, shortVersion: "1.0")
            .file("Example.app/Example", "binary \(build)")
            .bundle("Example.app/\(folder)", kind: kind, id: "com.example.core", version: framework,
                    shortVersion: frameworkShort)
            .file("Example.app/\(folder)/Core", "core")
        if let extra { b = b.file("Example.app/\(folder)/\(extra)", extra) }
        return b
    }

    static func all(_ old: ExampleBuild, _ new: ExampleBuild, configuration: RuleConfiguration = RuleConfiguration()) -> [Finding] {
        RuleEngine.run(old: old.snapshot(), new: new.snapshot(), configuration: configuration, only: RuleID.versionRules)
    }

    @Test(arguments: ["5", "6"])
    func anUnchangedFrameworkWithAHashVersionSaysNothing(appBuild: String) {
        let f = Self.all(Self.app(build: "5", framework: "9c8e08b"), Self.app(build: appBuild, framework: "9c8e08b"))
        #expect(!f.contains { $0.bundle == "com.example.core" }, "\(f.map(\.message))")
    }

    @Test func anUnchangedFrameworkWithFourShortComponentsSaysNothing() {
        let f = Self.all(Self.app(build: "5", framework: "1", frameworkShort: "1.2.3.4"),
                         Self.app(build: "6", framework: "1", frameworkShort: "1.2.3.4"))
        #expect(!f.contains { $0.bundle == "com.example.core" }, "\(f.map(\.message))")
    }

    @Test func aChangedFrameworkIsJudged() {
        let f = Self.all(Self.app(build: "5", framework: "9c8e08b"), Self.app(build: "6", framework: "9c8e08b", extra: "New"))
        #expect(f.contains { $0.ruleID == .malformedVersion && $0.bundle == "com.example.core" }, "\(f.map(\.message))")
    }

    @Test func anUnchangedBundleBesideTheAppSaysNothing() {
        // An archive's second outermost bundle (a dSYM, a framework product) that did not change.
        func build(_ app: String) -> ExampleBuild {
            ExampleBuild()
                .bundle("Products/Example.app", id: "com.example.app", version: app, shortVersion: "1.0")
                .file("Products/Example.app/Example", "binary \(app)")
                .bundle("Products/Kit.framework", kind: .framework, id: "com.example.kit", version: "3", shortVersion: "1.0")
                .file("Products/Kit.framework/Kit", "kit")
        }
        let f = Self.all(build("5"), build("6"))
        #expect(f.isEmpty, "\(f.map(\.message))")
        #expect(Self.all(build("5"), build("5").file("Products/Example.app/New", "x"))
            .contains { $0.ruleID == .buildNotIncreased && $0.bundle == "com.example.app" }, "the app itself is still judged")
    }

    @Test func anUnchangedExtensionSaysNothingWhileTheAppVersionsStay() {
        let old = Self.app(build: "5", framework: "4", kind: .appex, folder: "PlugIns/Share.appex")
        let new = old.file("Example.app/Other", "changed app content")
        #expect(Self.all(old, new).filter { $0.ruleID == .nestedVersionMismatch }.isEmpty)
    }

    @Test func anUnchangedExtensionLeftBehindByANewAppVersionIsAMismatch() {
        // The app went 5 → 6 around an extension that stayed 5: App Store Connect warns now.
        let old = Self.app(build: "5", framework: "5", kind: .appex, folder: "PlugIns/Share.appex")
        let new = Self.app(build: "6", framework: "5", kind: .appex, folder: "PlugIns/Share.appex")
        #expect(Self.all(old, new).filter { $0.ruleID == .nestedVersionMismatch }.count == 1)
    }
}
