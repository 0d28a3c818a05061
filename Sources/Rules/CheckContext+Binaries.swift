import BundleModel
import MachO

extension CheckContext {
    /// The Mach-O facts of `bundle`'s main executable (`CFBundleExecutable` where the layout
    /// keeps it): nil when it names no file, the file is not Mach-O, or the build was
    /// recorded without Mach-O facts.
    func executableFacts(of bundle: BundleInfo) -> (path: BundlePath, file: MachOFile)? {
        guard case .text(let name) = text("CFBundleExecutable", of: bundle), !name.utf8.contains("/".utf8) else { return nil }
        let path = executablePath(name, of: bundle)
        return snapshot.machO[path].map { (path, $0) }
    }

    /// Whether the build carries Mach-O facts at all (builds recorded before them do not).
    var hasMachOFacts: Bool { !snapshot.machO.isEmpty }
}
