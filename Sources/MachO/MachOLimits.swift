/// Bounds on the work one Mach-O file may cause, so hostile headers fail fast.
public struct MachOLimits: Sendable, Hashable {
    /// Most architectures a universal (fat) header may list.
    public var maxSlices: Int
    /// Most load commands one slice may declare.
    public var maxLoadCommands: Int
    /// Most blobs one code-signature superblob may index.
    public var maxSignatureBlobs: Int
    /// Most bytes of names (symbols, imports) scanned over the whole file, beyond the
    /// file's own size (each name is scanned once per reference).
    public var maxNameBytes: Int
    /// Largest entitlements blob decoded (XML or DER).
    public var maxEntitlementsBytes: Int

    /// Limits with the given values.
    public init(maxSlices: Int, maxLoadCommands: Int, maxSignatureBlobs: Int, maxNameBytes: Int,
                maxEntitlementsBytes: Int) {
        self.maxSlices = maxSlices
        self.maxLoadCommands = maxLoadCommands
        self.maxSignatureBlobs = maxSignatureBlobs
        self.maxNameBytes = maxNameBytes
        self.maxEntitlementsBytes = maxEntitlementsBytes
    }

    /// Limits well above any real binary: 64 architectures (lipo allows far fewer), 16,384
    /// load commands, 64 signature blobs, 64 MiB of names, 1 MiB of entitlements.
    public static let `default` = MachOLimits(maxSlices: 64, maxLoadCommands: 16_384, maxSignatureBlobs: 64,
                                              maxNameBytes: 64 << 20, maxEntitlementsBytes: 1 << 20)
}
