import BundleModel
import CodeSigning

/// A sealed symlink that points elsewhere, or a sealed path whose kind changed.
public struct SealSymlinkRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .sealSymlink, name: "Symlink re-pointed after signing", defaultSeverity: .error,
        rationale: "A symbolic link is sealed by its target (files2 symlink). One that points elsewhere, or a "
            + "sealed file that became a symlink (or the other way round), was changed after signing; "
            + "codesign --verify fails and App Store Connect rejects the upload with ITMS-90035.",
        appStoreCodes: [SealCheck.code],
        triggeringExamples: [
            RuleExample("a sealed symlink that is now a file", old: nil,
                        new: SealCheck.signedApp(files: [("a.json", "x"), ("Current", "A")], sealed: [("a.json", "x")],
                                                 symlinks: [("Current", "A")]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("no symlink sealed", old: nil, new: SealCheck.signedApp(files: [("a.json", "x")], sealed: [("a.json", "x")])),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        SealCheck.findings(in: build, rule: .sealSymlink, kinds: [.symlinkTarget, .kindChanged]) { d, rel in
            if d.kind == .symlinkTarget {
                let found = BundlePath(bytes: d.foundTarget ?? []).description
                let sealed = BundlePath(d.sealedTarget ?? "").description
                return "symlink '\(rel)' points to '\(found)', but was sealed pointing to '\(sealed)': " + SealCheck.consequence
            }
            return "'\(rel)' is not the kind of item that was sealed (a file became a symlink or the reverse): "
                + SealCheck.consequence
        }
    }
}
