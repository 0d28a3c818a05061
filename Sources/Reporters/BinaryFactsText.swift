import BundleModel
import Comparison
import MachO

/// What the text, Markdown and HTML reports say beside a changed or added Mach-O file,
/// from the facts each build recorded (`BuildSnapshot.machO`):
///
///     + Frameworks/Kit.framework/Kit (2.1 MB; arm64, x86_64; minimum iOS 15.0)
///     ~ Example: 45,000 → 48,000 B (+3,000 B); arm64, x86_64 → arm64; minimum iOS 15.0 → 16.0
///
/// For a changed file only what changed (architectures, minimum OS and SDK per platform);
/// for an added one its architectures and minimum OS. Nil where a side has no facts (not a
/// Mach-O file, or a build recorded before facts were) or, for a change, nothing of these
/// changed. The text is built from numbers and names of this module, never from the
/// build's bytes; reporters still escape it for their format.
struct BinaryFactsText {
    private let old: [BundlePath: MachOFile]
    private let new: [BundlePath: MachOFile]

    /// The facts of both builds of `c`.
    init(_ c: BuildComparison) {
        old = c.old.machO
        new = c.new.machO
    }

    /// `arm64, x86_64; minimum iOS 15.0` for an added file.
    func added(_ path: BundlePath) -> String? {
        guard let file = new[path] else { return nil }
        var parts = [Self.architectures(file)]
        let minimums = Self.sorted(file.platforms).compactMap { p in file.minimumOS(for: p).map { "\(p) \($0)" } }
        if !minimums.isEmpty { parts.append("minimum " + minimums.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }

    /// `arm64, x86_64 → arm64; minimum iOS 15.0 → 16.0; SDK iOS 17.0 → 18.0`: what changed
    /// of a modified file's architecture set, minimum OS and SDK (per platform, `—` where a
    /// side lacks the platform).
    func modified(_ m: FileModification) -> String? {
        guard let o = old[m.old.path], let n = new[m.new.path] else { return nil }
        var parts: [String] = []
        if Set(o.architectures) != Set(n.architectures) {
            parts.append("\(Self.architectures(o)) → \(Self.architectures(n))")
        }
        let platforms = Self.sorted(o.platforms.union(n.platforms))
        for (label, value) in [("minimum", MachOFile.minimumOS(for:)), ("SDK", MachOFile.sdk(for:))] {
            let changes = platforms.compactMap { p -> String? in
                let was = value(o)(p), now = value(n)(p)
                guard was != now else { return nil }
                return "\(p) \(was?.description ?? "—") → \(now?.description ?? "—")"
            }
            if !changes.isEmpty { parts.append(label + " " + changes.joined(separator: ", ")) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The architecture names in file order, each once (`none` for a file without slices).
    private static func architectures(_ file: MachOFile) -> String {
        var seen: Set<String> = []
        let names = file.architectures.filter { seen.insert($0).inserted }
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    private static func sorted(_ platforms: Set<MachOPlatform>) -> [MachOPlatform] {
        platforms.sorted { $0.rawValue < $1.rawValue }
    }
}
