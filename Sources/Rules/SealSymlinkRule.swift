import BundleModel
import CodeSigning

/// A sealed symlink that points elsewhere, or a sealed path whose kind changed.
public struct SealSymlinkRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .sealSymlink, name: "Symlink re-pointed after signing", defaultSeverity: .error,
        rationale: "A symbolic link is sealed by its target (files2 symlink). One that points elsewhere, or a "
            + "sealed file that became a symlink (or the other way round), was changed after signing; "
            + "codesign --verify fails and App Store Connect rejects the upload with ITMS-90035. A sealed link "
            + "found as a plain file holding as many bytes as its target is a copy that lost its symlinks (a zip "
            + "without Unix modes, a checkout without symlink support): noted at info, as "
            + "structure.framework-versions notes such a framework.",
        appStoreCodes: [SealCheck.code],
        triggeringExamples: [
            RuleExample("a sealed symlink that is now a file", old: nil,
                        new: SealCheck.signedApp(files: [("a.json", "x"), ("Current", "{\"version\": 2}")], sealed: [("a.json", "x")],
                                                 symlinks: [("Current", "A")]), expectedCount: 1),
            RuleExample("a copy that lost its symlinks: the file holds the target (info)", old: nil,
                        new: SealCheck.signedApp(files: [("a.json", "x"), ("Help", "../SharedSupport/Help")],
                                                 sealed: [("a.json", "x")], symlinks: [("Help", "../SharedSupport/Help")]),
                        expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("no symlink sealed", old: nil, new: SealCheck.signedApp(files: [("a.json", "x")], sealed: [("a.json", "x")])),
        ])

    public func findings(in build: CheckContext) -> [Finding] {
        SealCheck.findings(in: build, rule: .sealSymlink, kinds: [.symlinkTarget, .kindChanged],
                           cap: { Self.lostLink($0, build) ? .info : nil }) { d, rel in
            if Self.lostLink(d, build) {
                return "'\(rel)' was sealed as a symbolic link to '\(d.sealedTarget ?? "")' and is a plain file of that "
                    + "length: the copy lost its symlinks (an archive or checkout without symlink support); judge the "
                    + "build as it was signed"
            }
            if d.kind == .symlinkTarget {
                let found = BundlePath(bytes: d.foundTarget ?? []).description
                let sealed = BundlePath(d.sealedTarget ?? "").description
                return "symlink '\(rel)' points to '\(found)', but was sealed pointing to '\(sealed)': " + SealCheck.consequence
            }
            return "'\(rel)' is not the kind of item that was sealed (a file became a symlink or the reverse): "
                + SealCheck.consequence
        }
    }

    /// Whether `d` is a sealed link found as a plain file as long as its target: a copy
    /// that wrote each link as a file holding its target.
    static func lostLink(_ d: SealDiscrepancy, _ build: CheckContext) -> Bool {
        guard d.kind == .kindChanged, let target = d.sealedTarget, let entry = build.index.entry(at: d.path) else { return false }
        return entry.kind == .file && entry.size == UInt64(target.utf8.count)
    }
}
