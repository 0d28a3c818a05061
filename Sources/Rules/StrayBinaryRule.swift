import BundleModel

/// A standalone library or object file, or a dSYM, inside an iOS-family app.
public struct StrayBinaryRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .strayBinary, name: "Standalone library or debug symbols inside an iOS app", defaultSeverity: .error,
        rationale: "iOS, tvOS, watchOS and visionOS apps may hold code only as a bundle's CFBundleExecutable: "
            + "no standalone .dylib or .so (a Python extension module left in place; the Swift libraries "
            + "libswift*.dylib that Xcode embeds excepted), no static "
            + "library (.a) or object file (.o), no dSYM (bundle-rules.md §6). App Store Connect refuses the "
            + "upload: 'Invalid Bundle Structure - The binary file … is not permitted' (ITMS-90171). Found by "
            + "name: a file's bytes are not read, so an extensionless stray executable is not seen.",
        appStoreCodes: ["ITMS-90171"],
        triggeringExamples: [
            RuleExample("a dylib at the top of the app", old: nil, new: app().file("Example.app/libhelper.dylib"), expectedCount: 1),
            RuleExample("SwiftUI preview dylib", old: nil, new: app().file("Example.app/__preview.dylib")),
            RuleExample("a static library copied as a resource", old: nil, new: app().file("Example.app/libFoo.a")),
            RuleExample("a Python extension module left in place", old: nil,
                        new: app().file("Example.app/app_packages/PIL/_imaging.cpython-313-iphoneos.so")),
            RuleExample("debug symbols inside the app", old: nil,
                        new: app().file("Example.app/Example.app.dSYM/Contents/Resources/DWARF/Example"), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("Swift libraries Xcode embeds", old: nil, new: app().file("Example.app/Frameworks/libswiftCore.dylib")),
            RuleExample("a macOS app's dylib", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents)
                .file("Example.app/Contents/Frameworks/libhelper.dylib")),
            RuleExample("a resource named like a library", old: nil, new: app().file("Example.app/data.atlas")),
        ])

    static func app() -> ExampleBuild { ExampleBuild().bundle("Example.app", id: "com.example.app") }

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        // A bundle's own executable is code where it belongs, whatever its name.
        let executables = Set(build.bundles.compactMap { build.executable(of: $0)?.path })
        for b in build.bundles where b.kind == .app && b.parentPath == nil && build.isMobile(b) {
            var reported = Set<BundlePath>()
            for e in build.index.entries(mayBeNamed: Self.strayEndings) where e.path.isWithin(b.path) && e.path != b.path {
                let name = e.path.nameString
                let lower = name.lowercased()
                if e.kind == .directory, lower.hasSuffix(".dsym") {
                    reported.insert(e.path)
                    out.append(finding(b, e.path, "debug symbols '\(name)' are inside the app", build))
                    continue
                }
                guard e.kind != .directory, !reported.contains(where: { e.path.isWithin($0) }),
                      !executables.contains(e.path) else { continue }
                let isLibrary = lower.hasSuffix(".dylib") || lower.hasSuffix(".so") || lower.hasSuffix(".a") || lower.hasSuffix(".o")
                guard isLibrary, !(lower.hasPrefix("libswift") && lower.hasSuffix(".dylib")) else { continue }
                let shown = e.path.relative(to: b.path)?.description ?? name
                out.append(finding(b, e.path, "'\(shown)' is a standalone library or object file", build))
            }
        }
        return out
    }

    /// The endings of debug symbols and libraries, for a first look at names (the test above decides).
    private static let strayEndings = [".dsym", ".dylib", ".so", ".a", ".o"]

    private func finding(_ app: BundleInfo, _ path: BundlePath, _ what: String, _ build: CheckContext) -> Finding {
        Finding(ruleID: .strayBinary, severity: build.severity(of: .strayBinary), bundle: build.name(of: app),
                message: what + ": an iOS app may hold code only as a bundle's executable; App Store Connect "
                    + "refuses it (ITMS-90171)", paths: [path], subject: path.relative(to: app.path)?.description ?? path.description)
    }
}
