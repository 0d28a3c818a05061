import BundleModel
import MachO

/// A file that starts with a Mach-O magic and does not read.
public struct UnreadableBinaryRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .unreadableBinary, name: "Binary that does not read as Mach-O", defaultSeverity: .warning,
        rationale: "A file that starts with a Mach-O magic but whose headers are damaged (truncated in a copy, "
            + "a stand-in, load commands or slices pointing outside the file) cannot be loaded by dyld, and its "
            + "facts (architectures, minimum OS, imports) are unknown, so the binary rules cannot judge it. The "
            + "reader's bounds keep the work small; the build is still recorded, with the reason. Only executable "
            + "files are judged: dyld loads no other, and a resource that happens to start with the magic is not code.",
        triggeringExamples: [
            RuleExample("truncated executable", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app").unreadableBinary("Example.app/Example",
                                                                                 "too short for a Mach-O header (6 bytes)"),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("a resource that starts with the magic", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app")
                .unreadableBinary("Example.app/Assets.car", "header declares 3680838122 load commands (at most 16384)",
                                  executable: false)),
            RuleExample("readable executable", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app")
                .binary("Example.app/Example", MachOFile(container: .thin, slices: [ExampleBuild.slice()]))),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        build.snapshot.machOUnreadable.sorted { $0.key < $1.key }.compactMap { path, reason in
            guard build.entry(at: path)?.isExecutable == true else { return nil }
            let owner = build.index.owner(of: path)
            let shown = owner.flatMap { path.relative(to: $0.path) }?.description ?? path.description
            return Finding(ruleID: .unreadableBinary, severity: build.severity(of: .unreadableBinary),
                           bundle: owner.map { build.name(of: $0) } ?? "",
                           message: "\(shown) starts like a Mach-O file but does not read: \(reason)",
                           paths: [path], subject: path.description)
        }
    }
}
