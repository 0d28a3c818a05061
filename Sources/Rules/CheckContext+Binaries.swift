import BundleModel
import MachO

extension CheckContext {
    /// The Mach-O facts of `bundle`'s main executable (`CFBundleExecutable` where the layout
    /// keeps it): nil when it names no file, the file is not Mach-O, or the build was
    /// recorded without Mach-O facts.
    func executableFacts(of bundle: BundleInfo) -> (path: BundlePath, file: MachOFile)? {
        guard case .text(let name) = text("CFBundleExecutable", of: bundle), !name.contains("/") else { return nil }
        let path = executablePath(name, of: bundle)
        return snapshot.machO[path].map { (path, $0) }
    }

    /// Whether the build carries Mach-O facts at all (builds recorded before them do not).
    var hasMachOFacts: Bool { !snapshot.machO.isEmpty }
}

extension MachOFile {
    /// The platforms its slices were built for (from their build versions), deduplicated.
    var platforms: Set<MachOPlatform> { Set(slices.flatMap { $0.buildVersions.map(\.platform) }) }

    /// The lowest minimum OS any slice declares for `platform`.
    func minimumOS(for platform: MachOPlatform) -> MachOVersion? {
        slices.flatMap(\.buildVersions).filter { $0.platform == platform }.map(\.minimumOS).min()
    }
}
