import BundleModel
import MachO

extension MinimumOSVersionRule {
    /// A nested framework whose binary was linked for a newer system than the executable of
    /// the app or extension around it, per platform and architecture (slices of other
    /// architectures have their own floors: arm64 macOS starts at 11.0). `skipping` are the
    /// frameworks already reported from their Info.plist. At most a warning: App Store Connect
    /// judges the Info.plist value (ITMS-90208), not the binary's.
    func binaryFindings(in build: CheckContext, skipping: Set<BundlePath>) -> [Finding] {
        var out: [Finding] = []
        for framework in build.bundles where framework.kind == .framework && !skipping.contains(framework.path) {
            guard let (path, file) = build.executableFacts(of: framework),
                  let host = build.enclosing(framework, kinds: [.app, .appex]),
                  let (_, hostFile) = build.executableFacts(of: host) else { continue }
            var above: [String] = []
            for slice in file.slices {
                for version in slice.buildVersions {
                    var hostMinimum = hostFile.slices.filter { $0.cpu.type == slice.cpu.type }
                        .flatMap(\.buildVersions).filter { $0.platform == version.platform }.map(\.minimumOS).min()
                    // A slice's own floor (arm64e from iOS 14) is what the linker wrote, not a choice.
                    if let floor = MinimumOSMismatchRule.floor(slice.cpu, version.platform), let host = hostMinimum,
                       host < floor { hostMinimum = floor }
                    guard let hostMinimum, hostMinimum < version.minimumOS else { continue }
                    let line = "\(version.platform) \(version.minimumOS) (\(slice.architecture); the \(host.kind.rawValue) "
                        + "\(hostMinimum))"
                    if !above.contains(line) { above.append(line) }
                }
            }
            guard !above.isEmpty else { continue }
            out.append(Finding(ruleID: .minimumOSVersion, severity: build.severity(of: .minimumOSVersion, atMost: .warning),
                               bundle: build.name(of: framework),
                               message: "\(path.relative(to: host.path)?.description ?? path.description) was linked for "
                                   + "\(above.joined(separator: ", ")): the framework's code assumes a newer system than the "
                                   + "\(host.kind.rawValue) it ships in supports, and can fail on the older ones (missing "
                                   + "symbols); build it for the \(host.kind.rawValue)'s deployment target",
                               paths: [path], subject: "binary|above-host"))
        }
        return out
    }
}
