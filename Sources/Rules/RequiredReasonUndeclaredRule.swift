import BundleModel
import MachO
import PropertyLists

/// A binary imports a required-reason API and neither its bundle's privacy manifest nor the
/// app's declares the category with an approved reason.
public struct RequiredReasonUndeclaredRule: CheckRule {
    public init() {}

    static func app(imports: [String], manifest: [(String, [String])]?) -> ExampleBuild {
        var b = ExampleBuild().bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
            .binary("Example.app/Example", MachOFile(container: .thin, slices: [ExampleBuild.slice(imports: imports)]))
        if let manifest {
            b = b.plist("Example.app/PrivacyInfo.xcprivacy", .dictionary(PlistDictionary([("NSPrivacyAccessedAPITypes",
                .array(manifest.map { PrivacyManifestInvalidRule.api($0.0, $0.1) }))])))
        }
        return b
    }

    public static let description = RuleDescription(
        id: .requiredReasonUndeclared, name: "Required-reason API used without a declaration", defaultSeverity: .error,
        rationale: "Apps and SDKs that call a required-reason API (user defaults, file timestamps, system boot time, "
            + "disk space, active keyboards) must declare its category with an approved reason in a privacy manifest; "
            + "App Store Connect refuses the upload: 'Missing API declaration - Your app's code in the \"…\" file "
            + "references one or more APIs that require reasons, including the following API categories: "
            + "NSPrivacyAccessedAPICategoryDiskSpace' (ITMS-91053). The symbols are found among each binary's imports "
            + "(Sources/Rules/Resources/required-reason-apis.txt lists them). A declaration in the binary's own bundle, "
            + "in a resource bundle inside it (CocoaPods and SwiftPM put an SDK's manifest there), or in any bundle "
            + "that contains it counts (App Store Connect accepts the app's manifest for code the app embeds). "
            + "Only iOS-family apps built for devices are judged (the uploads Apple asks this of), and Apple's "
            + "own frameworks (com.apple.*, such as XCTest in a test runner) are not. APIs reached only by an "
            + "Objective-C message leave no import and are not seen; builds recorded without Mach-O facts are not judged.",
        appStoreCodes: ["ITMS-91053"],
        triggeringExamples: [
            RuleExample("stat without a manifest", old: nil, new: app(imports: ["_stat", "_malloc"], manifest: nil),
                        expectedCount: 1),
            RuleExample("disk space declared with a user-defaults reason only", old: nil,
                        new: app(imports: ["_statfs"], manifest: [("NSPrivacyAccessedAPICategoryDiskSpace", ["CA92.1"])]),
                        expectedCount: 1),
            RuleExample("declared in another framework's resource bundle", old: nil, new: app(imports: [], manifest: nil)
                .bundle("Example.app/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit",
                        info: [("CFBundleExecutable", .string("Kit"))])
                .binary("Example.app/Frameworks/Kit.framework/Kit",
                        MachOFile(container: .thin, slices: [ExampleBuild.slice(imports: ["_OBJC_CLASS_$_NSUserDefaults"])]))
                .bundle("Example.app/Frameworks/Other.framework", kind: .framework, id: "com.example.other")
                .bundle("Example.app/Frameworks/Other.framework/Other_privacy.bundle", kind: .bundle, id: "org.cocoapods.Other-privacy")
                .plist("Example.app/Frameworks/Other.framework/Other_privacy.bundle/PrivacyInfo.xcprivacy",
                       .dictionary(PlistDictionary([("NSPrivacyAccessedAPITypes", .array([
                           PrivacyManifestInvalidRule.api("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.1"])]))]))),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("declared with an approved reason", old: nil,
                        new: app(imports: ["_OBJC_CLASS_$_NSUserDefaults", "_mach_absolute_time"],
                                 manifest: [("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.1"]),
                                            ("NSPrivacyAccessedAPICategorySystemBootTime", ["35F9.1"])])),
            RuleExample("no required-reason import", old: nil, new: app(imports: ["_malloc", "_objc_msgSend"], manifest: nil)),
            RuleExample("a simulator build (never uploaded)", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
                .binary("Example.app/Example", MachOFile(container: .thin, slices: [
                    ExampleBuild.slice(.arm64, platform: .iOSSimulator, imports: ["_stat"])]))),
            RuleExample("a macOS app", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents, info: [("CFBundleExecutable", .string("Example"))])
                .binary("Example.app/Contents/MacOS/Example", MachOFile(container: .thin, slices: [
                    ExampleBuild.slice(platform: .macOS, imports: ["_stat"])]))),
            RuleExample("Apple's own XCTest in a test runner", old: nil, new: app(imports: [], manifest: nil)
                .bundle("Example.app/Frameworks/XCTest.framework", kind: .framework, id: "com.apple.dt.XCTest",
                        info: [("CFBundleExecutable", .string("XCTest"))])
                .binary("Example.app/Frameworks/XCTest.framework/XCTest",
                        MachOFile(container: .thin, slices: [ExampleBuild.slice(imports: ["_mach_absolute_time"])]))),
            RuleExample("a framework's use declared in its own resource bundle (CocoaPods)", old: nil,
                        new: app(imports: [], manifest: nil)
                .bundle("Example.app/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit",
                        info: [("CFBundleExecutable", .string("Kit"))])
                .binary("Example.app/Frameworks/Kit.framework/Kit",
                        MachOFile(container: .thin, slices: [ExampleBuild.slice(imports: ["_OBJC_CLASS_$_NSUserDefaults"])]))
                .bundle("Example.app/Frameworks/Kit.framework/Kit_privacy.bundle", kind: .bundle, id: "org.cocoapods.Kit-privacy")
                .plist("Example.app/Frameworks/Kit.framework/Kit_privacy.bundle/PrivacyInfo.xcprivacy",
                       .dictionary(PlistDictionary([("NSPrivacyAccessedAPITypes", .array([
                           PrivacyManifestInvalidRule.api("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.1"])]))])))),
            RuleExample("a framework's use declared by the app", old: nil, new: app(imports: [], manifest:
                [("NSPrivacyAccessedAPICategoryFileTimestamp", ["C617.1"])])
                .bundle("Example.app/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit",
                        info: [("CFBundleExecutable", .string("Kit"))])
                .binary("Example.app/Frameworks/Kit.framework/Kit",
                        MachOFile(container: .thin, slices: [ExampleBuild.slice(imports: ["_fstat"])]))),
        ])

    /// Only an iOS-family app built for devices is judged: App Store Connect asks for the
    /// declarations on uploads for iOS, iPadOS, tvOS, visionOS and watchOS, and a simulator
    /// or macOS build is never such an upload.
    static func judged(_ app: BundleInfo, in build: CheckContext) -> Bool {
        guard app.kind == .app, build.isMobile(app), let main = build.executableFacts(of: app)?.file else { return false }
        return UnsupportedArchitectureRule.isDeviceBuild(main)
    }

    public func findings(in build: CheckContext) -> [Finding] {
        // App Store Connect's check (ITMS-9105x/9106x): a Developer ID, ad hoc or enterprise build never meets it.
        guard build.mayBeUploaded else { return [] }
        // Each manifest counts for the code bundle it lies in: its own bundle's, or, from a
        // resource bundle (CocoaPods' `Kit_privacy.bundle`, SwiftPM's `Pkg_Target.bundle`),
        // the nearest bundle around that holds code.
        var manifests: [BundlePath: [PrivacyManifest]] = [:]
        for (path, decoded) in build.snapshot.plists where path.nameString == PrivacyManifest.fileName {
            guard var owner = build.index.owner(of: path) else { continue }
            while owner.kind == .bundle, let parent = owner.parentPath.flatMap(build.index.bundle(at:)) { owner = parent }
            manifests[owner.path, default: []].append(PrivacyManifest(decoded))
        }
        var out: [Finding] = []
        for b in build.bundles where b.kind != .xcframework && Self.judged(build.outermost(of: b), in: build) {
            // Apple's own frameworks (XCTest in a test runner) are not the uploader's code.
            if b.identifier?.hasPrefix("com.apple.") == true { continue }
            guard let (path, file) = build.executableFacts(of: b) else { continue }
            let imports = Set(file.slices.flatMap(\.importedSymbols))
            var chain: [BundleInfo] = [b]
            while let parent = chain.last?.parentPath, let next = build.index.bundle(at: parent), chain.count < 64 {
                chain.append(next)
            }
            for (category, symbols) in PrivacyLists.categories(importedBy: imports)
            where !chain.contains(where: { manifests[$0.path]?.contains { $0.declaresValidly(category) } == true }) {
                let shown = symbols.prefix(3).joined(separator: ", ") + (symbols.count > 3 ? ", …" : "")
                out.append(Finding(ruleID: .requiredReasonUndeclared, severity: build.severity(of: .requiredReasonUndeclared),
                                   bundle: build.name(of: b),
                                   message: "\(path.relative(to: b.path)?.description ?? path.description) imports \(shown): "
                                       + "declare \(category.name) with an approved reason in PrivacyInfo.xcprivacy (ITMS-91053)",
                                   paths: [path], subject: category.name))
            }
        }
        return out
    }
}
