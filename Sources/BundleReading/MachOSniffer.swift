import BundleModel
import MachO

/// Decides from a file's first bytes whether it is Mach-O and, when it is, keeps its bytes
/// for the reader; any other file costs one look at its first eight bytes.
struct MachOSniffer {
    private var bytes: [UInt8] = []
    /// nil until eight bytes were seen; false for a file that is not considered at all.
    private var isMachO: Bool?

    init(considered: Bool) {
        isMachO = considered ? nil : false
    }

    /// Feeds the next chunk of the file's content.
    mutating func take(_ chunk: UnsafeRawBufferPointer) {
        guard isMachO != false else { return }
        bytes.append(contentsOf: chunk)
        if isMachO == nil, bytes.count >= 8 {
            isMachO = MachOFile.isMachO(prefix: bytes.prefix(8))
            if isMachO == false { bytes = [] }
        }
    }

    /// The facts of the file read so far (all of it), nil when it is not Mach-O; for a file
    /// that starts like Mach-O and does not read, why (one line). Such a file is a fact about
    /// the build (a stand-in, a truncated copy), recorded and judged by a rule, not a reason to
    /// refuse the whole build: the reader's bounds keep the work small either way.
    func facts() -> Result<MachOFile, MachOError>? {
        guard isMachO ?? MachOFile.isMachO(prefix: bytes) else { return nil }
        do throws(MachOError) {
            return .success(try MachOFile.parse(bytes, digest: SignatureDigest.machO))
        } catch {
            return .failure(error)
        }
    }
}
