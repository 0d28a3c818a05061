import BundleModel
import MachO

/// The minimum OS an executable declares went up for a platform it kept.
public struct MinimumOSRaisedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .minimumOSRaised, name: "Minimum OS raised", defaultSeverity: .warning,
        rationale: "Users on an OS below the new minimum stop getting updates: a migration to announce, not a "
            + "side effect of a toolchain bump. Read from each bundle's main executable (LC_BUILD_VERSION or "
            + "LC_VERSION_MIN_*), per device platform (simulators only reach developers), old and new version in the "
            + "message. A nested bundle's minimum counts only above the app's own, since the App Store offers the "
            + "update by the app's: a framework that still needs less than the app loses no user, and an extension "
            + "raised above the app only leaves older systems without that extension (information); a framework or "
            + "helper raised above it is offered to systems where it does not load. Compared per architecture both "
            + "builds have: arm64 replacing x86_64 raises nothing (its floor is macOS 11; binary.architecture-dropped "
            + "names the Intel users). The app's own Info.plist minimum (LSMinimumSystemVersion, MinimumOSVersion) "
            + "raised while its executable's was not (a Python launcher, a value set by hand) is the same loss, said "
            + "once. Builds recorded without Mach-O facts are judged by their Info.plist only.",
        triggeringExamples: [
            RuleExample("iOS 15 → 16", old: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 15))]),
                        new: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 16))]), expectedCount: 1),
            RuleExample("a universal Mac app's arm64 slice 11 → 12, its x86_64 slice kept at 10.13", old: BinaryPairs.app([
                ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 13)),
                ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 11))]), new: BinaryPairs.app([
                ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 13)),
                ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 12))]), expectedCount: 1),
            RuleExample("a framework raised above the app", old: Self.app(framework: 15), new: Self.app(framework: 16),
                        expectedCount: 1),
            RuleExample("a Python app's LSMinimumSystemVersion raised, its launcher unchanged",
                        old: MinimumOSMismatchRule.mac(min: "10.9", [ExampleBuild.slice(.x86_64, platform: .macOS,
                                                                                         minimumOS: .init(major: 10, minor: 9))]),
                        new: MinimumOSMismatchRule.mac(min: "11.0", [ExampleBuild.slice(.x86_64, platform: .macOS,
                                                                                         minimumOS: .init(major: 10, minor: 9))]),
                        expectedCount: 1),
            RuleExample("LSMinimumSystemVersion added above the executable's floor (PyInstaller's default omits it)",
                        old: ExampleBuild().bundle("Example.app", id: "com.example.app", layout: .contents,
                                                   info: [("CFBundleExecutable", .string("Example"))])
                            .binary("Example.app/Contents/MacOS/Example", MachOFile(container: .fat, slices: [
                                ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 13)),
                                ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 11))])),
                        new: MinimumOSMismatchRule.mac(min: "11.0", [
                            ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 13)),
                            ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 11))]), expectedCount: 1),
            RuleExample("the executable raised to 10.13, the Info.plist further, to 11.0: both said",
                        old: MinimumOSMismatchRule.mac(min: "10.9", [ExampleBuild.slice(.x86_64, platform: .macOS,
                                                                                        minimumOS: .init(major: 10, minor: 9))]),
                        new: MinimumOSMismatchRule.mac(min: "11.0", [ExampleBuild.slice(.x86_64, platform: .macOS,
                                                                                        minimumOS: .init(major: 10, minor: 13))]),
                        expectedCount: 2),
            RuleExample("the executable and the Info.plist raised together: said once",
                        old: MinimumOSMismatchRule.mac(min: "11.0", [ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 11))]),
                        new: MinimumOSMismatchRule.mac(min: "12.0", [ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 12))]),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("lowered", old: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 16))]),
                        new: BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 15))])),
            RuleExample("a simulator slice's minimum", old: BinaryPairs.app([
                ExampleBuild.slice(platform: .iOSSimulator, minimumOS: .init(major: 15))]),
                        new: BinaryPairs.app([ExampleBuild.slice(platform: .iOSSimulator, minimumOS: .init(major: 16))])),
            RuleExample("only the SDK changed", old: BinaryPairs.app([ExampleBuild.slice(sdk: .init(major: 17))]),
                        new: BinaryPairs.app([ExampleBuild.slice(sdk: .init(major: 18))])),
            RuleExample("a framework raised, still below the app", old: Self.app(framework: 11), new: Self.app(framework: 12)),
            RuleExample("x86_64 at macOS 10.9 replaced by arm64 at its floor, 11.0", old: BinaryPairs.app([
                ExampleBuild.slice(.x86_64, platform: .macOS, minimumOS: .init(major: 10, minor: 9))]),
                        new: BinaryPairs.app([ExampleBuild.slice(platform: .macOS, minimumOS: .init(major: 11))])),
        ])

    /// An app needing iOS 15 with a framework needing `framework`.
    static func app(framework: UInt16) -> ExampleBuild {
        BinaryPairs.app([ExampleBuild.slice(minimumOS: .init(major: 15))])
            .bundle("Example.app/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit",
                    info: [("CFBundleExecutable", .string("Kit"))])
            .binary("Example.app/Frameworks/Kit.framework/Kit", MachOFile(container: .thin, slices: [
                ExampleBuild.slice(minimumOS: .init(major: framework))]))
    }

    /// The largest raise of `platform`'s minimum OS over the architectures both files
    /// have (a CPU subtype counted as its generic architecture): a slice that only one side
    /// has raises nothing (arm64 replacing x86_64 comes with the arm64 floor, macOS 11;
    /// `binary.architecture-dropped` names the Intel users); nil when none rose.
    static func raise(_ old: MachOFile, _ new: MachOFile, _ platform: MachOPlatform) -> (MachOVersion, MachOVersion)? {
        func minimums(_ file: MachOFile) -> [String: MachOVersion] {
            var out: [String: MachOVersion] = [:]
            for slice in file.slices where !slice.isStaticArchive {
                let arch = ArchitectureDroppedRule.genericArchitecture(slice.architecture)
                for v in slice.buildVersions where v.platform == platform { out[arch] = min(out[arch] ?? v.minimumOS, v.minimumOS) }
            }
            return out
        }
        let before = minimums(old), after = minimums(new)
        var best: (MachOVersion, MachOVersion)?
        for (arch, was) in before.sorted(by: { $0.key < $1.key }) {
            guard let now = after[arch], now > was, best.map({ now > $0.1 }) ?? true else { continue }
            best = (was, now)
        }
        return best
    }

    public func findings(in context: RuleContext) -> [Finding] {
        var out: [Finding] = []
        var raisedTo: [String: MachOVersion] = [:]  // the top app's executable, by bundle name
        let build = context.check(isNew: true)
        for p in BinaryPairs.pairs(context) {
            // A nested bundle's minimum matters only above the app's own: the App Store
            // offers the update by the app's.
            let bundle = context.newIndex.owner(of: p.path)
            let app = bundle.map { context.newIndex.outermost(of: $0) }
            let appFile = app.flatMap { app in app.path == bundle?.path ? nil : build.executableFacts(of: app)?.file }
            let kept = p.old.platforms.intersection(p.new.platforms).filter { !$0.isSimulator }
            for platform in kept.sorted(by: { $0.rawValue < $1.rawValue }) {
                guard let (was, now) = Self.raise(p.old, p.new, platform) else { continue }
                var severity = context.severity(of: .minimumOSRaised)
                var consequence = "users below \(platform) \(now) stop getting updates"
                if let appMinimum = appFile?.minimumOS(for: platform) {
                    if now <= appMinimum { continue }
                    if bundle?.kind == .appex {
                        severity = context.severity(of: .minimumOSRaised, atMost: .info)
                        consequence = "users below \(platform) \(now) keep getting the app (it needs \(appMinimum)) "
                            + "but not this extension"
                    } else {
                        // The App Store and updaters offer the update by the app's minimum.
                        // A framework is loaded into the app; a helper app or service is launched.
                        let fails = [.framework, .bundle].contains(bundle?.kind) ? "does not load" : "does not launch"
                        consequence = "the app still installs from \(platform) \(appMinimum), where "
                            + "\(p.path.nameString) (it needs \(now)) \(fails)"
                    }
                }
                out.append(Finding(ruleID: .minimumOSRaised, severity: severity, bundle: p.name,
                                   message: "minimum \(platform) raised \(was) → \(now) (\(p.path.nameString)): " + consequence,
                                   paths: [p.path], subject: "\(platform)|\(now)"))
                if let bundle, bundle.parentPath == nil { raisedTo[p.name] = max(raisedTo[p.name] ?? now, now) }
            }
        }
        return out + declaredRaises(context, besides: raisedTo)
    }

    /// The app's own declared minimum (`LSMinimumSystemVersion`, `MinimumOSVersion`) raised
    /// above what its executable's raise already says (a Python or script launcher, a value
    /// set by hand): the App Store and updaters offer the update by that value. A key the
    /// old build lacked stood at its executable's minimum.
    func declaredRaises(_ context: RuleContext, besides raisedTo: [String: MachOVersion]) -> [Finding] {
        let old = context.check(isNew: false), new = context.check(isNew: true)
        return context.comparison.bundles.compactMap { b in
            guard let o = b.old, let n = b.new, n.parentPath == nil, n.kind == .app else { return nil }
            let mobile = new.isMobile(n)
            let key = mobile ? "MinimumOSVersion" : "LSMinimumSystemVersion"
            guard case .text(let nowText) = new.text(key, of: n), case .success(let now) = VersionNumber.parse(nowText)
            else { return nil }
            let wasText: String
            if case .text(let text) = old.text(key, of: o) {
                wasText = text
            } else {
                let platform: MachOPlatform = mobile ? .iOS : .macOS
                guard let floor = old.executableFacts(of: o)?.file.minimumOS(for: platform) else { return nil }
                wasText = floor.description
            }
            guard case .success(let was) = VersionNumber.parse(wasText), now > was else { return nil }
            if let binary = raisedTo[b.name], let said = VersionNumber(binary.description), said >= now { return nil }
            return Finding(ruleID: .minimumOSRaised, severity: context.severity(of: .minimumOSRaised), bundle: b.name,
                           message: "\(key) raised \(wasText) → \(nowText): users below \(nowText) stop getting updates",
                           paths: [n.infoPlistPath], subject: "\(key)|\(nowText)")
        }
    }
}
