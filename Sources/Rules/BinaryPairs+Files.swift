import BundleModel
import Comparison
import MachO

extension BinaryPairs {
    /// Every Mach-O file both builds have facts for: each bundle's main executable (paired
    /// by bundle, so a renamed executable still pairs) and every other Mach-O file at the
    /// same path in both builds (a nested framework's binary, a dylib, a helper tool), each
    /// named by the bundle that owns it in the new build (`""` outside every bundle).
    static func allPairs(_ context: RuleContext) -> [(name: String, path: BundlePath, old: MachOFile, new: MachOFile)] {
        var out = pairs(context)
        let seen = Set(out.map(\.path))
        let old = context.comparison.old.machO
        let check = context.check(isNew: true)
        for (path, new) in context.comparison.new.machO.sorted(by: { $0.key < $1.key }) where !seen.contains(path) {
            guard let was = old[path] else { continue }
            out.append((context.newIndex.owner(of: path).map(check.name(of:)) ?? "", path, was, new))
        }
        return out
    }
}
