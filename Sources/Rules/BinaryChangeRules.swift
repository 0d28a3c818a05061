import BundleModel
import Comparison
import MachO

/// The main executables of each bundle both builds have, with their Mach-O facts.
enum BinaryPairs {
    static func pairs(_ context: RuleContext)
        -> [(name: String, path: BundlePath, old: MachOFile, new: MachOFile, bundles: (old: BundleInfo, new: BundleInfo))] {
        let old = context.check(isNew: false)
        let new = context.check(isNew: true)
        return context.comparison.bundles.compactMap { b in
            guard let o = b.old, let n = b.new, let of = old.executableFacts(of: o), let nf = new.executableFacts(of: n)
            else { return nil }
            return (b.name, nf.path, of.file, nf.file, (o, n))
        }
    }

    static func app(_ slices: [MachOSlice]) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
            .binary("Example.app/Example", MachOFile(container: slices.count > 1 ? .fat : .thin, slices: slices))
    }
}
