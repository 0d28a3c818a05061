/// The platforms a Mach-O file was built for, and its minimum OS and SDK per platform,
/// across its slices (the one answer the rules and the reports share).
extension MachOFile {
    /// The platforms its slices were built for (from their build versions), deduplicated.
    public var platforms: Set<MachOPlatform> { Set(slices.flatMap { $0.buildVersions.map(\.platform) }) }

    /// The lowest minimum OS any slice declares for `platform`.
    public func minimumOS(for platform: MachOPlatform) -> MachOVersion? {
        slices.flatMap(\.buildVersions).filter { $0.platform == platform }.map(\.minimumOS).min()
    }

    /// The highest SDK any slice declares for `platform`.
    public func sdk(for platform: MachOPlatform) -> MachOVersion? {
        slices.flatMap(\.buildVersions).filter { $0.platform == platform }.map(\.sdk).max()
    }
}
