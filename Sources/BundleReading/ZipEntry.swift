import TextSafety
/// One record of a zip archive's central directory (the authoritative entry list).
struct ZipEntry: Sendable {
    /// The raw name bytes, exactly as stored (UTF-8 flag or not).
    var name: [UInt8]
    var madeBy: UInt16
    var flags: UInt16
    var method: UInt16
    var crc32: UInt32
    var compressedSize: UInt64
    var uncompressedSize: UInt64
    var localHeaderOffset: UInt64
    var externalAttributes: UInt32
    /// Where the data begins, past the local header (set by `ZipArchive.checkLayout`).
    var dataOffset: UInt64 = 0

    static let methodStored: UInt16 = 0
    static let methodDeflate: UInt16 = 8

    /// Why an entry of compression `method` cannot be read, with its name and the fix.
    static func unsupportedMethod(_ method: UInt16) -> String {
        let names: [UInt16: String] = [9: "Deflate64", 12: "BZip2", 14: "LZMA", 93: "Zstandard", 95: "XZ", 98: "PPMd"]
        let name = names[method].map { "\($0), method \(method)" } ?? "method \(method)"
        return "unsupported compression (\(name)); only stored and deflated entries are read: zip it again with "
            + "deflate (`ditto -c -k`, `zip`, or 7-Zip with -mm=Deflate)"
    }

    /// Unix `st_mode` bits when the entry was made on a Unix-like host (Unix, macOS).
    var unixMode: UInt32? {
        let host = madeBy >> 8
        guard host == 3 || host == 19 else { return nil }
        let mode = externalAttributes >> 16
        return mode == 0 ? nil : mode
    }

    var isEncrypted: Bool { flags & 1 != 0 }

    var isDirectory: Bool {
        if name.last == UInt8(ascii: "/") { return true }
        if let mode = unixMode { return mode & Posix.typeMask == Posix.typeDirectory }
        // MS-DOS directory attribute.
        return madeBy >> 8 == 0 && externalAttributes & 0x10 != 0
    }

    var isSymlink: Bool {
        guard let mode = unixMode else { return false }
        return mode & Posix.typeMask == Posix.typeSymlink
    }

    var isExecutable: Bool {
        guard let mode = unixMode else { return false }
        return mode & Posix.ownerExecute != 0
    }

    /// The name for messages.
    var displayName: String { "'" + VisibleText.escape(bytes: name) + "'" }
}
