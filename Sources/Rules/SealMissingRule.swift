import CodeSigning

/// A sealed, non-optional file that is gone.
public struct SealMissingRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .sealMissing, name: "Sealed file missing", defaultSeverity: .error,
        rationale: "A file listed in files2 and not marked optional must be in the bundle; one removed after "
            + "signing makes codesign --verify fail and App Store Connect reject the upload with ITMS-90035. "
            + "Files sealed as optional (the .lproj rule) may be missing.",
        appStoreCodes: [SealCheck.code],
        triggeringExamples: [
            RuleExample("a sealed file removed after signing", old: nil,
                        new: SealCheck.signedApp(files: [("a.json", "x")], sealed: [("a.json", "x"), ("b.json", "y")]),
                        expectedCount: 1),
            RuleExample("a resource removed from an XCFramework slice after signing", old: nil,
                        new: Self.slice(sealed: [("a.json", "x"), ("b.json", "y")]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("an optional .lproj file removed", old: nil,
                        new: SealCheck.signedApp(files: [("a.json", "x")], sealed: [("a.json", "x"), ("de.lproj/a.strings", "y")])),
            RuleExample("an XCFramework slice's compiled module removed by -create-xcframework", old: nil,
                        new: Self.slice(sealed: [("a.json", "x"), ("Modules/Foo.swiftmodule/arm64-apple-ios.swiftmodule", "m")])),
        ])

    /// An XCFramework whose iOS slice holds `a.json`, sealed over `sealed`.
    static func slice(sealed: [(String, String)]) -> ExampleBuild {
        SealCheck.seal(XCFrameworkLibrariesRule.xcf(slices: [("ios-arm64", "ios", nil)], folders: [("ios-arm64", "iPhoneOS")]),
                       at: "Foo.xcframework/ios-arm64/Foo.framework", files: [("a.json", "x")], sealed: sealed)
    }

    public func findings(in build: CheckContext) -> [Finding] {
        SealCheck.findings(in: build, rule: .sealMissing, kinds: [.missing]) { _, rel in
            "'\(rel)' is sealed but missing (removed after signing): " + SealCheck.consequence
        }
    }
}
