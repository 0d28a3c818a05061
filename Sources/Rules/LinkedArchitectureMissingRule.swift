import BundleModel
import MachO

/// An executable slice that links (not weakly) a framework or dylib the build embeds, whose
/// file has no slice of that architecture: dyld cannot load it, and the process does not
/// start on those devices.
public struct LinkedArchitectureMissingRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .linkedArchitectureMissing, name: "Embedded library lacks an architecture its loader has",
        defaultSeverity: .error,
        rationale: "dyld loads every library a slice links with LC_LOAD_DYLIB (or re-exports) for the architecture "
            + "the process runs as. When the build embeds that library (a framework or dylib found by its install "
            + "name, @rpath/Kit.framework/Kit) and the embedded file has no slice of that architecture, the app, "
            + "extension or framework fails to load there: a universal Mac app with an arm64-only framework does "
            + "not launch on Intel Macs. A CPU subtype counts as its generic architecture (arm64e as arm64). Weak "
            + "links (a missing library is allowed), libraries the build does not embed (system libraries), "
            + "install names that match more than one embedded file, static libraries and builds recorded "
            + "without Mach-O facts are not judged.",
        triggeringExamples: [
            RuleExample("a universal Mac app linking an arm64-only framework", old: nil,
                        new: mac(app: [.arm64, .x86_64], kit: [.arm64]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("both universal", old: nil, new: mac(app: [.arm64, .x86_64], kit: [.arm64, .x86_64])),
            RuleExample("the framework has more slices than the app", old: nil,
                        new: mac(app: [.arm64], kit: [.arm64, .x86_64])),
            RuleExample("linked weakly", old: nil, new: mac(app: [.arm64, .x86_64], kit: [.arm64], weak: true)),
            RuleExample("an arm64e app slice beside an arm64 framework slice", old: nil,
                        new: mac(app: [.arm64e], kit: [.arm64])),
        ])

    /// A macOS app whose executable (slices `app`) links `Kit.framework` (slices `kit`).
    static func mac(app: [MachOCPU], kit: [MachOCPU], weak: Bool = false) -> ExampleBuild {
        let name = "@rpath/Kit.framework/Versions/A/Kit"
        let kitPath = "Example.app/Contents/Frameworks/Kit.framework"
        return ExampleBuild()
            .bundle("Example.app", id: "com.example.app", layout: .contents, info: [("CFBundleExecutable", .string("Example"))])
            .binary("Example.app/Contents/MacOS/Example", MachOFile(container: app.count > 1 ? .fat : .thin, slices: app.map {
                LinkChanges.slice($0, platform: .macOS, load: weak ? [] : [name], weak: weak ? [name] : [])
            }))
            .bundle(kitPath, kind: .framework, id: "com.example.kit", layout: .versionedFramework,
                    info: [("CFBundleExecutable", .string("Kit"))])
            .binary(kitPath + "/Versions/A/Kit", MachOFile(container: kit.count > 1 ? .fat : .thin, slices: kit.map {
                ExampleBuild.slice($0, platform: .macOS)
            }))
    }

    public func findings(in build: CheckContext) -> [Finding] {
        guard build.hasMachOFacts else { return [] }
        // Embedded Mach-O files by the last component of their path, and by the framework
        // path that ends an install name (`Kit.framework/Versions/A/Kit`, `Kit.framework/Kit`).
        var byTail: [String: [BundlePath]] = [:]
        for path in build.snapshot.machO.keys {
            if let tail = Self.key(path.components.map { String(decoding: $0, as: UTF8.self) }) {
                byTail[tail, default: []].append(path)
            }
        }
        var out: [Finding] = []
        for b in build.bundles {
            guard let (path, loader) = build.executableFacts(of: b) else { continue }
            var missing: [BundlePath: Set<String>] = [:]
            for slice in loader.slices where !slice.isStaticArchive {
                let arch = ArchitectureDroppedRule.genericArchitecture(slice.architecture)
                for library in slice.libraries where library.kind != .weak {
                    // The system's own libraries are never embedded.
                    guard !library.path.hasPrefix("/usr/lib/"), !library.path.hasPrefix("/System/"),
                          let tail = Self.key(library.path.split(separator: "/").map(String.init)),
                          let hits = byTail[tail], hits.count == 1,
                          let target = hits.first, target != path, let file = build.snapshot.machO[target] else { continue }
                    let slices = file.slices.filter { !$0.isStaticArchive }
                    guard !slices.isEmpty,
                          !slices.contains(where: { ArchitectureDroppedRule.genericArchitecture($0.architecture) == arch })
                    else { continue }
                    missing[target, default: []].insert(slice.architecture)
                }
            }
            for (target, architectures) in missing.sorted(by: { $0.key < $1.key }) {
                let list = architectures.sorted().joined(separator: ", ")
                out.append(Finding(
                    ruleID: .linkedArchitectureMissing, severity: build.severity(of: .linkedArchitectureMissing),
                    bundle: build.name(of: b),
                    message: "\(path.nameString) links \(target.nameString) for \(list), but \(target) has no \(list) "
                        + "slice: dyld cannot load it, so \(path.nameString) does not run as \(list); build the library "
                        + "for \(list) or drop it from the executable",
                    paths: [path, target], subject: target.description + "|" + list))
            }
        }
        return out
    }

    /// The key a path (an embedded file's, or an install name's) is matched by: from its last
    /// `.framework` component on (`Kit.framework/Versions/A/Kit`), else its last component
    /// (`@rpath/libz.dylib` → `libz.dylib`).
    static func key(_ parts: [String]) -> String? {
        guard let last = parts.last else { return nil }
        if let at = parts.lastIndex(where: { $0.hasSuffix(".framework") }), at < parts.count - 1 {
            return parts[at...].joined(separator: "/")
        }
        return last
    }
}
