import BundleModel
import MachO
import PropertyLists

/// An app's or extension's `MinimumOSVersion` / `LSMinimumSystemVersion` that disagrees with
/// the minimum OS its executable was linked for.
public struct MinimumOSMismatchRule: CheckRule {
    public init() {}

    /// The platforms whose minimum `MinimumOSVersion` states (a flat bundle), and those
    /// `LSMinimumSystemVersion` states (macOS; Mac Catalyst's minimum counts iOS versions).
    static let mobilePlatforms: Set<MachOPlatform> = [.iOS, .iOSSimulator, .tvOS, .tvOSSimulator, .watchOS,
                                                      .watchOSSimulator, .visionOS, .visionOSSimulator]
    static let macPlatforms: Set<MachOPlatform> = [.macOS]

    public static let description = RuleDescription(
        id: .minimumOSMismatch, name: "Info.plist minimum system version differs from the executable's",
        defaultSeverity: .warning,
        rationale: "Xcode writes MinimumOSVersion (iOS, tvOS, watchOS, visionOS) and LSMinimumSystemVersion (macOS) "
            + "into an app's or extension's Info.plist from the same deployment target the linker writes into the "
            + "executable's LC_BUILD_VERSION (or LC_VERSION_MIN_*). When they differ, the property list was edited "
            + "by hand: the App Store offers the app to systems its code does not support (the plist lower) or "
            + "withholds it from systems it does (the plist higher). Versions compare as numbers (14 = 14.0 = "
            + "14.0.0). A slice whose architecture did not exist before a version is linked for at least that "
            + "version whatever the target (arm64 macOS 11.0, arm64 simulators iOS/tvOS 14.0 and watchOS 7.0, "
            + "arm64_32 watchOS 5.0), so that floor is expected there; and below the oldest target current Xcode "
            + "accepts (iOS and tvOS 12, watchOS 4, macOS 10.13) linkers raised targets (ld64 wrote macOS 10.5 for "
            + "x86_64 built for 10.4), so there only a plist value above the binary's is judged. Mac Catalyst slices, frameworks (vendors edit "
            + "theirs), apps whose executable is a stub Xcode copies from the SDK (WatchKit apps with WKWatchKitApp, "
            + "iMessage and sticker apps with LSApplicationLaunchProhibited, sticker pack extensions with "
            + "LSApplicationIsStickerProvider), Python apps whose executable is py2app's or PyInstaller's prebuilt "
            + "launcher, and builds recorded without Mach-O facts "
            + "are not judged.",
        triggeringExamples: [
            RuleExample("plist lowered by hand", old: nil, new: app(min: "14.0", [ExampleBuild.slice(minimumOS: .init(major: 16))]),
                        expectedCount: 1),
            RuleExample("macOS plist above the binary", old: nil, new: mac(min: "13.0", [
                ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 11)),
                ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 11))]), expectedCount: 1),
            RuleExample("simulator slice", old: nil, new: app(min: "15.0", [
                ExampleBuild.slice(.x86_64, platform: .iOSSimulator, minimumOS: .init(major: 16))]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("same version, written differently", old: nil,
                        new: app(min: "15", [ExampleBuild.slice(minimumOS: .init(major: 15))])),
            RuleExample("arm64 simulator raised to 14.0", old: nil, new: app(min: "12.0", [
                ExampleBuild.slice(.x86_64, platform: .iOSSimulator, minimumOS: .init(major: 12)),
                ExampleBuild.slice(platform: .iOSSimulator, minimumOS: .init(major: 14))])),
            RuleExample("universal macOS app below 11", old: nil, new: mac(min: "10.13", [
                ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 13)),
                ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 11))])),
            RuleExample("x86_64 raised to 10.5 from a 10.4 target (Sparkle 2013)", old: nil, new: mac(min: "10.4", [
                ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 5))])),
            RuleExample("a WatchKit app's stub executable", old: nil, new: ExampleBuild()
                .bundle("Example.app/Watch/W.app", id: "com.example.app.watchkitapp",
                        info: [("CFBundleExecutable", .string("W")), ("MinimumOSVersion", .string("6.0")),
                               ("WKWatchKitApp", .boolean(true))])
                .binary("Example.app/Watch/W.app/W", MachOFile(container: .thin, slices: [
                    ExampleBuild.slice(.arm64_32, platform: .watchOS, minimumOS: .init(major: 2))]))),
            RuleExample("a sticker pack extension's stub executable", old: nil, new: app(min: "17.0", [
                ExampleBuild.slice(minimumOS: .init(major: 17))])
                .bundle("Example.app/PlugIns/Stickers.appex", kind: .appex, id: "com.example.app.stickers",
                        info: [("CFBundleExecutable", .string("Stickers")), ("MinimumOSVersion", .string("17.0")),
                               ("LSApplicationIsStickerProvider", .boolean(true))])
                .binary("Example.app/PlugIns/Stickers.appex/Stickers", MachOFile(container: .thin, slices: [
                    ExampleBuild.slice(minimumOS: .init(major: 10))]))),
            RuleExample("a sticker pack built by Bazel's rules_apple (the flag as the string YES)", old: nil,
                        new: app(min: "17.0", [ExampleBuild.slice(minimumOS: .init(major: 17))])
                .bundle("Example.app/PlugIns/Stickers.appex", kind: .appex, id: "com.example.app.stickers",
                        info: [("CFBundleExecutable", .string("Stickers")), ("MinimumOSVersion", .string("17.0")),
                               ("LSApplicationIsStickerProvider", .string("YES"))])
                .binary("Example.app/PlugIns/Stickers.appex/Stickers", MachOFile(container: .thin, slices: [
                    ExampleBuild.slice(minimumOS: .init(major: 10))]))),
            RuleExample("an arm64e slice beside arm64 (arm64e loads from iOS 14 on)", old: nil, new: app(min: "13.0", [
                ExampleBuild.slice(minimumOS: .init(major: 13)), ExampleBuild.slice(.arm64e, minimumOS: .init(major: 14))])),
            RuleExample("py2app's prebuilt launcher (the plist states the Python runtime's floor)", old: nil,
                        new: mac(min: "11.0", [ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 9)),
                                               ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 11))],
                                 extra: [("PyMainFileNames", .string("__boot__"))])),
            RuleExample("PyInstaller's bootloader beside its base_library.zip", old: nil,
                        new: mac(min: "11.0", [ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 13)),
                                               ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 11))])
                            .file("Example.app/Contents/Frameworks/base_library.zip", "PK")),
            RuleExample("Mac Catalyst", old: nil, new: mac(min: "10.15", [
                ExampleBuild.slice(platform: .macCatalyst, minimumOS: .init(major: 13, minor: 1))])),
        ])

    static func app(min: String, _ slices: [MachOSlice]) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app",
                              info: [("CFBundleExecutable", .string("Example")), ("MinimumOSVersion", .string(min))])
            .binary("Example.app/Example", MachOFile(container: slices.count == 1 ? .thin : .fat, slices: slices))
    }

    static func mac(min: String, _ slices: [MachOSlice], extra: [(String, PlistValue)] = []) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", layout: .contents,
                              info: [("CFBundleExecutable", .string("Example")), ("LSMinimumSystemVersion", .string(min))] + extra)
            .binary("Example.app/Contents/MacOS/Example", MachOFile(container: slices.count == 1 ? .thin : .fat, slices: slices))
    }

    /// The lowest minimum OS the linker writes for a slice of `cpu` on `platform`: the
    /// release that introduced the architecture there; nil where there is none to mind.
    static func floor(_ cpu: MachOCPU, _ platform: MachOPlatform) -> MachOVersion? {
        // A third-party arm64e slice loads from iOS 14 on (LLVM's minimum supported OS for
        // arm64e); older systems run the arm64 slice beside it.
        if cpu.type == MachOCPU.arm64e.type, cpu.subtypeNumber == MachOCPU.arm64e.subtypeNumber,
           platform == .iOS || platform == .iOSSimulator {
            return MachOVersion(major: 14)
        }
        return switch (cpu.type, platform) {
        case (MachOCPU.arm64.type, .macOS): MachOVersion(major: 11)
        case (MachOCPU.arm64.type, .iOSSimulator), (MachOCPU.arm64.type, .tvOSSimulator): MachOVersion(major: 14)
        case (MachOCPU.arm64.type, .watchOSSimulator): MachOVersion(major: 7)
        case (MachOCPU.arm64_32.type, .watchOS): MachOVersion(major: 5)
        default: nil
        }
    }

    /// The oldest deployment target current Xcode accepts per platform. Below it, linkers
    /// of every era raised the target they were given (ld64 wrote macOS 10.5 for an x86_64
    /// slice built for 10.4), so a binary above such an Info.plist value proves no edit.
    static func oldestCurrentTarget(_ platform: MachOPlatform) -> MachOVersion? {
        switch platform {
        case .iOS, .iOSSimulator, .tvOS, .tvOSSimulator: MachOVersion(major: 12)
        case .watchOS, .watchOSSimulator: MachOVersion(major: 4)
        case .macOS: MachOVersion(major: 10, minor: 13)
        default: nil
        }
    }

    /// True for the bundles whose executable Xcode copies from the SDK instead of linking: a
    /// WatchKit app of the two-target era (`WKWatchKitApp`: the code is its extension's), an
    /// iMessage or sticker app (`LSApplicationLaunchProhibited`) and a sticker pack extension
    /// (`LSApplicationIsStickerProvider`: Xcode copies `MessagesApplicationExtensionStub`):
    /// the stub's minimum OS is Apple's, not the deployment target. So is a Python app's
    /// prebuilt launcher (py2app's, whose Info.plist names `PyRuntimeLocations` or
    /// `PyMainFileNames`; PyInstaller's bootloader, beside its `base_library.zip`): the
    /// Info.plist states the floor of the runtime and modules it loads.
    static func hasStubExecutable(_ bundle: BundleInfo, _ build: CheckContext) -> Bool {
        let info = build.info(of: bundle)
        if ["WKWatchKitApp", "LSApplicationLaunchProhibited", "LSApplicationIsStickerProvider"].contains(where: {
            info?[$0]?.isTrueFlag == true
        }) { return true }
        if info?["PyRuntimeLocations"] != nil || info?["PyMainFileNames"] != nil { return true }
        return ["Frameworks", "Resources"].contains { build.entry(at: bundle.contentRoot.appending($0).appending("base_library.zip")) != nil }
    }

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for b in build.bundles where (b.kind == .app || b.kind == .appex) && !Self.hasStubExecutable(b, build) {
            let mobile = build.isMobile(b)
            let key = mobile ? "MinimumOSVersion" : "LSMinimumSystemVersion"
            guard case .text(let text) = build.text(key, of: b), case .success(let declared) = VersionNumber.parse(text),
                  let (path, file) = build.executableFacts(of: b) else { continue }
            let platforms = mobile ? Self.mobilePlatforms : Self.macPlatforms
            var disagreeing: [String] = []
            for slice in file.slices {
                for version in slice.buildVersions where platforms.contains(version.platform) {
                    guard let linked = VersionNumber(version.minimumOS.description) else { continue }
                    var expected = declared
                    if let floor = Self.floor(slice.cpu, version.platform).flatMap({ VersionNumber($0.description) }),
                       expected < floor { expected = floor }
                    if linked > expected, let modern = Self.oldestCurrentTarget(version.platform)
                        .flatMap({ VersionNumber($0.description) }), declared < modern { continue }
                    let line = "\(version.platform) \(version.minimumOS) (\(slice.architecture))"
                    if linked != expected, !disagreeing.contains(line) { disagreeing.append(line) }
                }
            }
            guard !disagreeing.isEmpty else { continue }
            out.append(Finding(ruleID: .minimumOSMismatch, severity: build.severity(of: .minimumOSMismatch),
                               bundle: build.name(of: b),
                               message: "\(key) is \(text), but \(path.relative(to: b.path)?.description ?? path.description) "
                                   + "was linked for \(disagreeing.joined(separator: ", ")): Xcode writes both from the "
                                   + "deployment target, so the Info.plist value was edited; set the deployment target instead",
                               paths: [b.infoPlistPath, path], subject: key))
        }
        return out
    }
}
