import BundleModel
import MachO

/// An app's or extension's `CFBundleExecutable` names a file that is not a Mach-O file.
public struct ExecutableNotMachORule: CheckRule {
    public init() {}

    /// Files above this size (`ReadOptions.maxMachOBytes`' default), and files decoded as
    /// property lists by their name, are not read for Mach-O facts: their lack of facts says nothing.
    static let largestRead: UInt64 = 1 << 30

    public static let description = RuleDescription(
        id: .executableNotMachO, name: "Main executable is not Mach-O", defaultSeverity: .error,
        rationale: "On iOS, tvOS, watchOS and visionOS the kernel runs Mach-O executables only: an app or extension "
            + "whose CFBundleExecutable names a script, a text file or a placeholder does not launch, and a build "
            + "carrying one was assembled by hand or by a broken copy step. Judged for apps and extensions of the "
            + "mobile family whose executable exists (a missing one is info-plist.bundle-executable) in builds "
            + "recorded with Mach-O facts; a file that starts like Mach-O but does not read is recorded as unreadable "
            + "with the reason, and is not this finding (the reader's bounds may refuse a valid file). macOS runs "
            + "script executables, and frameworks may hold static archives: neither is judged.",
        triggeringExamples: [
            RuleExample("a shell script as the app's executable", old: nil,
                        new: app().file("Example.app/Example", "#!/bin/sh\nexit 0\n", executable: true), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("a Mach-O executable", old: nil,
                        new: app().binary("Example.app/Example", MachOFile(container: .thin, slices: [ExampleBuild.slice()]))),
            RuleExample("a build recorded without Mach-O facts", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
                .file("Example.app/Example", "stand-in", executable: true)),
            RuleExample("a macOS app with a script", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents, info: [("CFBundleExecutable", .string("Example"))])
                .file("Example.app/Contents/MacOS/Example", "#!/bin/sh\n", executable: true)
                .binary("Example.app/Contents/MacOS/helper", MachOFile(container: .thin, slices: [ExampleBuild.slice(platform: .macOS)]))),
        ])

    /// `Example.app` with a Mach-O extension, so that the build carries Mach-O facts.
    static func app() -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
            .bundle("Example.app/PlugIns/Share.appex", kind: .appex, id: "com.example.app.share",
                    info: [("CFBundleExecutable", .string("Share"))])
            .binary("Example.app/PlugIns/Share.appex/Share", MachOFile(container: .thin, slices: [ExampleBuild.slice()]))
    }

    public func findings(in build: CheckContext) -> [Finding] {
        guard build.hasMachOFacts else { return [] }
        var out: [Finding] = []
        for b in build.bundles where (b.kind == .app || b.kind == .appex) && build.isMobile(b) {
            guard let (name, path) = build.executable(of: b) else { continue }
            guard let entry = build.entry(at: path), entry.kind == .file, entry.size <= Self.largestRead,
                  build.snapshot.machO[path] == nil, build.snapshot.machOUnreadable[path] == nil,
                  build.snapshot.plists[path] == nil else { continue }
            out.append(Finding(ruleID: .executableNotMachO, severity: build.severity(of: .executableNotMachO),
                               bundle: build.name(of: b),
                               message: "CFBundleExecutable '\(name)' names \(path.relative(to: b.path)?.description ?? name), "
                                   + "which is not a Mach-O file: the system does not launch it; build the target again "
                                   + "instead of copying a placeholder",
                               paths: [path], subject: name))
        }
        return out
    }
}
