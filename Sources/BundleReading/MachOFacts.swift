import BundleModel
import MachO

/// The Mach-O facts of one build while it is read: the files that read, and why the others
/// (files that start with a Mach-O magic) do not.
struct MachOFacts {
    var files: [BundlePath: MachOFile] = [:]
    var unreadable: [BundlePath: String] = [:]
}
