import BundleModel
import MachO

/// A binary in a device build of a mobile app with a slice the device platform rejects: a
/// simulator slice, or an Intel one.
public struct UnsupportedArchitectureRule: CheckRule {
    public init() {}

    static let devicePlatforms: Set<MachOPlatform> = [.iOS, .tvOS, .watchOS, .visionOS]

    static func app(framework slices: [MachOSlice]) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
            .binary("Example.app/Example", MachOFile(container: .thin, slices: [ExampleBuild.slice()]))
            .bundle("Example.app/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit",
                    info: [("CFBundleExecutable", .string("Kit"))])
            .binary("Example.app/Frameworks/Kit.framework/Kit", MachOFile(container: .fat, slices: slices))
    }

    public static let description = RuleDescription(
        id: .unsupportedArchitecture, name: "Simulator or Intel slice in a device build", defaultSeverity: .error,
        rationale: "An iOS, tvOS, watchOS or visionOS app built for devices may hold device slices only; App Store "
            + "Connect refuses 'Unsupported Architectures. The executable for ….app/Frameworks/….framework contains "
            + "unsupported architectures '[x86_64, i386]'' (ITMS-90087), typically a universal framework copied "
            + "without stripping its simulator slices. A build is a device build when its app's executable has a "
            + "device slice (an ARM slice for a device platform: old simulator builds mark their Intel slices iOS too); a slice is unsupported when its build version names a simulator platform or its CPU "
            + "is i386 or x86_64. Static-library slices and builds recorded without Mach-O facts are not judged, nor "
            + "are builds for Developer ID, ad hoc or enterprise distribution, which never reach App Store Connect and "
            + "install with extra slices.",
        appStoreCodes: ["ITMS-90087"],
        triggeringExamples: [
            RuleExample("a fat framework with its simulator slice", old: nil, new: app(framework: [
                ExampleBuild.slice(), ExampleBuild.slice(.x86_64, platform: .iOSSimulator)]), expectedCount: 1),
            RuleExample("an old framework with i386 and x86_64 slices", old: nil, new: app(framework: [
                ExampleBuild.slice(.armv7), ExampleBuild.slice(.i386), ExampleBuild.slice(.x86_64)]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("an enterprise build (never uploaded) with a fat framework", old: nil, new: app(framework: [
                ExampleBuild.slice(), ExampleBuild.slice(.x86_64, platform: .iOSSimulator)]),
                        configuration: RuleConfiguration(distribution: .enterprise)),
            RuleExample("device slices only", old: nil, new: app(framework: [ExampleBuild.slice(), ExampleBuild.slice(.arm64e)])),
            RuleExample("an old simulator build (LC_VERSION_MIN_IPHONEOS on Intel)", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
                .binary("Example.app/Example", MachOFile(container: .fat, slices: [
                    ExampleBuild.slice(.i386, platform: .iOS), ExampleBuild.slice(.x86_64, platform: .iOS)]))),
            RuleExample("a simulator build", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
                .binary("Example.app/Example", MachOFile(container: .thin, slices: [
                    ExampleBuild.slice(.x86_64, platform: .iOSSimulator)]))),
            RuleExample("a macOS app with Intel slices", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents, info: [("CFBundleExecutable", .string("Example"))])
                .binary("Example.app/Contents/MacOS/Example", MachOFile(container: .fat, slices: [
                    ExampleBuild.slice(platform: .macOS), ExampleBuild.slice(.x86_64, platform: .macOS)]))),
        ])

    /// An ARM slice built for a device platform: Intel slices of an old simulator build carry
    /// `LC_VERSION_MIN_IPHONEOS` too, so the platform alone does not tell.
    static func isDeviceBuild(_ main: MachOFile) -> Bool {
        main.slices.contains { s in
            [MachOCPU.arm64.type, MachOCPU.armv7.type, MachOCPU.arm64_32.type].contains(s.cpu.type)
                && s.buildVersions.contains { devicePlatforms.contains($0.platform) }
        }
    }

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        // App Store Connect's refusal: an ad hoc or enterprise build installs with extra slices.
        guard build.mayBeUploaded else { return [] }
        for app in build.bundles where app.parentPath == nil && app.kind == .app && build.isMobile(app) {
            guard let main = build.executableFacts(of: app)?.file, Self.isDeviceBuild(main) else { continue }
            for (path, file) in build.snapshot.machO.sorted(by: { $0.key < $1.key }) where path.isWithin(app.path) {
                // A simulator slice is named with its platform: an arm64 one reads like a device's.
                let bad = file.slices.filter { s in
                    !s.isStaticArchive && (s.buildVersions.contains { $0.platform.isSimulator }
                                           || [MachOCPU.i386.type, MachOCPU.x86_64.type].contains(s.cpu.type))
                }.map { s in
                    s.buildVersions.first { $0.platform.isSimulator }.map { "\(s.architecture) (\($0.platform))" } ?? s.architecture
                }
                guard !bad.isEmpty else { continue }
                let owner = build.index.owner(of: path)
                out.append(Finding(ruleID: .unsupportedArchitecture, severity: build.severity(of: .unsupportedArchitecture),
                                   bundle: owner.map { build.name(of: $0) } ?? build.name(of: app),
                                   message: "\(path.relative(to: app.path)?.description ?? path.description) holds "
                                       + "\(bad.joined(separator: ", ")) in a device build: strip the simulator and Intel "
                                       + "slices (ITMS-90087)",
                                   paths: [path], subject: path.description))
            }
        }
        return out
    }
}
