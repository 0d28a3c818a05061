import BundleModel
import MachO

/// A device architecture the old build's executable had and the new one lacks.
public struct ArchitectureDroppedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: .architectureDropped, name: "Architecture dropped from an executable", defaultSeverity: .error,
        rationale: "Devices of a dropped architecture (an Intel Mac when x86_64 goes, a 32-bit device when armv7 "
            + "goes) can no longer run the update. Simulator slices are not counted: a device build loses nothing "
            + "when they go; nor are static-library slices, which name no platform. Compared per bundle's main executable; builds recorded without Mach-O facts are not judged.",
        triggeringExamples: [
            RuleExample("x86_64 gone from a macOS app", old: BinaryPairs.app([
                ExampleBuild.slice(platform: .macOS), ExampleBuild.slice(.x86_64, platform: .macOS)]),
                        new: BinaryPairs.app([ExampleBuild.slice(platform: .macOS)]), expectedCount: 1),
        ],
        nonTriggeringExamples: [
            RuleExample("static-library slices became a simulator dylib", old: BinaryPairs.app([
                MachOSlice(cpu: .arm64, is64Bit: true, fileType: nil), MachOSlice(cpu: .x86_64, is64Bit: true, fileType: nil)]),
                        new: BinaryPairs.app([ExampleBuild.slice(platform: .iOSSimulator),
                                              ExampleBuild.slice(.x86_64, platform: .iOSSimulator)])),
            RuleExample("simulator slice gone", old: BinaryPairs.app([
                ExampleBuild.slice(), ExampleBuild.slice(.x86_64, platform: .iOSSimulator)]),
                        new: BinaryPairs.app([ExampleBuild.slice()])),
            RuleExample("arm64e added", old: BinaryPairs.app([ExampleBuild.slice()]),
                        new: BinaryPairs.app([ExampleBuild.slice(), ExampleBuild.slice(.arm64e)])),
        ])

    static func deviceArchitectures(_ file: MachOFile) -> Set<String> {
        Set(file.slices.filter { s in !s.isStaticArchive && !s.buildVersions.contains { $0.platform.isSimulator } }
            .map(\.architecture))
    }

    public func findings(in context: RuleContext) -> [Finding] {
        BinaryPairs.pairs(context).compactMap { p in
            let dropped = Self.deviceArchitectures(p.old).subtracting(Self.deviceArchitectures(p.new)).sorted()
            guard !dropped.isEmpty else { return nil }
            return Finding(ruleID: .architectureDropped, severity: context.severity(of: .architectureDropped), bundle: p.name,
                           message: "\(p.path.nameString) no longer has \(dropped.joined(separator: ", ")): devices of "
                               + "that architecture cannot run this build",
                           paths: [p.path], subject: dropped.joined(separator: ","))
        }
    }
}
