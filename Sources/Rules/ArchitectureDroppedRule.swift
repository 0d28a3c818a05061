import BundleModel
import MachO

/// A device architecture the old build's executable had and the new one lacks.
public struct ArchitectureDroppedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .architectureDropped, name: "Architecture dropped from an executable", defaultSeverity: .error,
        rationale: "Devices of a dropped architecture (an Intel Mac when x86_64 goes, a 32-bit device when armv7 "
            + "goes) can no longer run the update. Simulator slices are not counted: a device build loses nothing "
            + "when they go; nor are static-library slices, which name no platform; nor is a 32-bit architecture "
            + "the new build's minimum OS already leaves behind (armv7 and armv7s from iOS 11, armv7k from watchOS 9, "
            + "i386 from macOS 10.7, which every Mac running it runs as x86_64): binary.minimum-os-raised names those "
            + "users; nor, in nested code, an architecture its host never had or drops too (a framework's host is the "
            + "executable that loads it, a nested app's, extension's or service's the app: it runs only where the app "
            + "does, and the app's own drop is its finding); nor is a CPU subtype whose generic "
            + "slice stays (arm64e beside arm64, x86_64h beside x86_64): its devices run that; nor is an Intel slice "
            + "marked iOS, tvOS or watchOS (an old simulator slice: no such device is Intel). Compared per bundle's main "
            + "executable; builds recorded without Mach-O facts are not judged.",
        triggeringExamples: [
            RuleExample("armv7 gone while iOS 10 is still supported", old: BinaryPairs.app([
                ExampleBuild.slice(.armv7, minimumOS: .init(major: 9)), ExampleBuild.slice(minimumOS: .init(major: 9))]),
                        new: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 10))]), expectedCount: 1),
            RuleExample("x86_64 gone from a macOS app", old: BinaryPairs.app([
                ExampleBuild.slice(platform: .macOS), ExampleBuild.slice(.x86_64, platform: .macOS)]),
                        new: BinaryPairs.app([ExampleBuild.slice(platform: .macOS)]), expectedCount: 1),
            RuleExample("x86_64 gone from a framework its universal app loads",
                        old: nested(app: [.x86_64, .arm64], framework: [.x86_64, .arm64]),
                        new: nested(app: [.x86_64, .arm64], framework: [.arm64]), expectedCount: 1),
            RuleExample("x86_64 gone from an app and its framework: the app's finding",
                        old: nested(app: [.x86_64, .arm64], framework: [.x86_64, .arm64]),
                        new: nested(app: [.arm64], framework: [.arm64]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("an old fat framework's simulator slices (i386, x86_64 marked iOS) dropped",
                        old: BinaryPairs.app([ExampleBuild.slice(), ExampleBuild.slice(.i386), ExampleBuild.slice(.x86_64)]),
                        new: BinaryPairs.app([ExampleBuild.slice()])),
            RuleExample("static-library slices became a simulator dylib", old: BinaryPairs.app([
                MachOSlice(cpu: .arm64, is64Bit: true, fileType: nil), MachOSlice(cpu: .x86_64, is64Bit: true, fileType: nil)]),
                        new: BinaryPairs.app([ExampleBuild.slice(platform: .iOSSimulator),
                                              ExampleBuild.slice(.x86_64, platform: .iOSSimulator)])),
            RuleExample("simulator slice gone", old: BinaryPairs.app([
                ExampleBuild.slice(), ExampleBuild.slice(.x86_64, platform: .iOSSimulator)]),
                        new: BinaryPairs.app([ExampleBuild.slice()])),
            RuleExample("armv7 gone with a raise to iOS 11", old: BinaryPairs.app([
                ExampleBuild.slice(.armv7, minimumOS: .init(major: 9)), ExampleBuild.slice(minimumOS: .init(major: 9))]),
                        new: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 11))])),
            RuleExample("arm64e dropped, arm64 kept", old: BinaryPairs.app([ExampleBuild.slice(), ExampleBuild.slice(.arm64e)]),
                        new: BinaryPairs.app([ExampleBuild.slice()])),
            RuleExample("a nested framework's i386 slice, which its x86_64-only app never loaded, dropped",
                        old: nested(app: [.x86_64], framework: [.i386, .x86_64]),
                        new: nested(app: [.x86_64], framework: [.x86_64, .arm64])),
            RuleExample("a framework inside a universal framework of an arm64-only app loses x86_64",
                        old: umbrella(inner: [.x86_64, .arm64]), new: umbrella(inner: [.arm64])),
            RuleExample("a framework made static (its slices static libraries)",
                        old: nested(app: [.x86_64, .arm64], framework: [.x86_64, .arm64]),
                        new: nested(app: [.x86_64, .arm64], framework: [.x86_64, .arm64], staticFramework: true)),
            RuleExample("an XPC service's x86_64 slice gone in an arm64-only app",
                        old: nested(app: [.arm64], framework: [.x86_64, .arm64], kind: .xpc),
                        new: nested(app: [.arm64], framework: [.arm64], kind: .xpc)),
            RuleExample("i386 gone with a raise to macOS 10.7", old: BinaryPairs.app([
                ExampleBuild.slice(.i386, platform: .macOS, minimumOS: .init(major: 10, minor: 6)),
                ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 6))]),
                        new: BinaryPairs.app([ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 7))])),
            RuleExample("arm64e added", old: BinaryPairs.app([ExampleBuild.slice()]),
                        new: BinaryPairs.app([ExampleBuild.slice(), ExampleBuild.slice(.arm64e)])),
        ])

    /// A macOS app whose executable has `app`'s architectures, embedding a framework (or an
    /// XPC service) whose executable has `framework`'s.
    static func nested(app: [MachOCPU], framework: [MachOCPU], kind: BundleInfo.Kind = .framework,
                       staticFramework: Bool = false) -> ExampleBuild {
        func file(_ cpus: [MachOCPU], archive: Bool = false) -> MachOFile {
            MachOFile(container: cpus.count > 1 ? .fat : .thin, slices: cpus.map {
                archive ? MachOSlice(cpu: $0, is64Bit: true, fileType: nil)
                    : ExampleBuild.slice($0, platform: .macOS, minimumOS: .init(major: 10, minor: 13))
            })
        }
        let base = ExampleBuild()
            .bundle("Example.app", id: "com.example.app", layout: .contents,
                    info: [("CFBundleExecutable", .string("Example")), ("LSMinimumSystemVersion", .string("10.13"))])
            .binary("Example.app/Contents/MacOS/Example", file(app))
        if kind == .xpc {
            let xpc = "Example.app/Contents/XPCServices/Fetch.xpc"
            return base.bundle(xpc, kind: .xpc, id: "com.example.fetch", layout: .contents,
                               info: [("CFBundleExecutable", .string("Fetch")), ("LSMinimumSystemVersion", .string("10.13"))])
                .binary(xpc + "/Contents/MacOS/Fetch", file(framework))
        }
        let kit = "Example.app/Contents/Frameworks/Kit.framework"
        return base
            .bundle(kit, kind: .framework, id: "com.example.kit", layout: .versionedFramework,
                    info: [("CFBundleExecutable", .string("Kit"))])
            .binary(kit + "/Versions/A/Kit", file(framework, archive: staticFramework))
    }

    /// An arm64-only Mac app embedding a universal framework that embeds `Inner.framework`
    /// with `inner`'s slices.
    static func umbrella(inner: [MachOCPU]) -> ExampleBuild {
        let outer = "Example.app/Contents/Frameworks/Outer.framework"
        let innerPath = outer + "/Versions/A/Frameworks/Inner.framework"
        func file(_ cpus: [MachOCPU]) -> MachOFile {
            MachOFile(container: cpus.count > 1 ? .fat : .thin, slices: cpus.map { ExampleBuild.slice($0, platform: .macOS) })
        }
        return nested(app: [.arm64], framework: [.x86_64, .arm64])
            .bundle(outer, kind: .framework, id: "com.example.outer", layout: .versionedFramework,
                    info: [("CFBundleExecutable", .string("Outer"))])
            .binary(outer + "/Versions/A/Outer", file([.x86_64, .arm64]))
            .bundle(innerPath, kind: .framework, id: "com.example.inner", layout: .versionedFramework,
                    info: [("CFBundleExecutable", .string("Inner"))])
            .binary(innerPath + "/Versions/A/Inner", file(inner))
    }

    /// The architectures of the slices a device runs: not static archives, not simulator
    /// slices, whether their build version says a simulator platform or, older, names the
    /// device platform on an Intel CPU (`LC_VERSION_MIN_IPHONEOS` on i386 and x86_64: the
    /// assembler wrote simulator platforms only from iOS 12 on, and no iOS, tvOS or watchOS
    /// device is Intel).
    static func deviceArchitectures(_ file: MachOFile) -> Set<String> {
        Set(file.slices.filter { s in
            let intel = [MachOCPU.i386.type, MachOCPU.x86_64.type].contains(s.cpu.type)
            return !s.isStaticArchive && !s.buildVersions.contains { $0.platform.isSimulator }
                && !(intel && s.buildVersions.contains { UnsupportedArchitectureRule.devicePlatforms.contains($0.platform) })
        }.map(\.architecture))
    }

    /// The architectures whose every device the systems from a version on no longer support:
    /// once the new build needs that version, dropping the architecture loses no one more
    /// (`binary.minimum-os-raised` names the users). 32-bit iPhones and iPads stop at iOS 10,
    /// 32-bit Apple Watches at watchOS 8, and every Mac that runs macOS 10.7 runs 64-bit
    /// Intel code (the last 32-bit-only Macs stop at 10.6).
    static let retired: [String: (platform: MachOPlatform, from: MachOVersion)] = [
        "armv7": (.iOS, MachOVersion(major: 11)), "armv7s": (.iOS, MachOVersion(major: 11)),
        "armv7k": (.watchOS, MachOVersion(major: 9)), "i386": (.macOS, MachOVersion(major: 10, minor: 7)),
    ]

    /// The device architectures (generic) `bundle`'s code can run as in `build`: those every
    /// enclosing executable has, up to the outermost (a framework runs in its loader's
    /// process, a nested app, extension or service only where the app does), stopping at a
    /// bundle for another platform (a watch app's host is not the phone app); nil for the
    /// top bundle, or when no enclosing executable tells.
    static func hostArchitectures(of bundle: BundleInfo, in build: CheckContext) -> Set<String>? {
        var host: Set<String>?
        var current = bundle
        var platform = bundle.platform
        // Each parent path is shorter than its child's: the walk ends.
        while let parent = current.parentPath, let next = build.index.bundle(at: parent) {
            if let theirs = next.platform {
                if let platform, platform != theirs { break }
                platform = theirs
            }
            if let facts = build.executableFacts(of: next) {
                let archs = Set(deviceArchitectures(facts.file).map(genericArchitecture))
                host = host.map { $0.intersection(archs) } ?? archs
            }
            current = next
        }
        return host
    }

    /// The generic architecture each CPU subtype's devices also run.
    static let generic: [String: String] = ["arm64e": "arm64", "x86_64h": "x86_64", "armv7s": "armv7"]

    /// The generic architecture of a CPU subtype (`arm64e` → `arm64`), else the name itself.
    static func genericArchitecture(_ architecture: String) -> String { generic[architecture] ?? architecture }

    public func findings(in context: RuleContext) -> [Finding] {
        let old = context.check(isNew: false), new = context.check(isNew: true)
        return BinaryPairs.pairs(context).compactMap { p in
            // A file of static libraries only (a framework made static) is linked in, never loaded.
            guard p.new.slices.contains(where: { !$0.isStaticArchive }) else { return nil }
            let kept = Self.deviceArchitectures(p.new)
            let hostWas = Self.hostArchitectures(of: p.bundles.old, in: old)
            let hostIs = Self.hostArchitectures(of: p.bundles.new, in: new)
            let dropped = Self.deviceArchitectures(p.old).subtracting(kept).sorted().filter { arch in
                // Nested code runs under its host (the app, or a framework's loader): a slice
                // the host never had was never run, and one the host dropped too is the host's
                // finding.
                let g = Self.genericArchitecture(arch)
                if let hostWas, !hostWas.contains(g) { return false }
                if let hostIs, !hostIs.contains(g) { return false }
                // A CPU subtype's devices run the generic slice (every arm64e device runs
                // arm64, every Haswell Mac x86_64, every armv7s device armv7).
                if let generic = Self.generic[arch], kept.contains(generic) { return false }
                guard let (platform, from) = Self.retired[arch], let minimum = p.new.minimumOS(for: platform) else { return true }
                return minimum < from
            }
            guard !dropped.isEmpty else { return nil }
            return Finding(ruleID: .architectureDropped, severity: context.severity(of: .architectureDropped), bundle: p.name,
                           message: "\(p.path.nameString) no longer has \(dropped.joined(separator: ", ")): devices of "
                               + "that architecture cannot run this build",
                           paths: [p.path], subject: dropped.joined(separator: ","))
        }
    }
}
