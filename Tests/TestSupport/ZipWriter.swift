import CZlib
import Foundation

/// Writes zip archives in memory for tests: stored and deflate entries, Unix modes
/// (symlinks, executables), data descriptors, Zip64 records, and deliberately broken
/// archives (raw names such as `../x`, wrong declared sizes, encryption flags, …).
///
///     var zip = ZipWriter()
///     zip.add(.directory("Payload/"))
///     zip.add(.file("Payload/A.app/Info.plist", bytes))
///     zip.add(.symlink("Payload/A.app/link", target: "Info.plist"))
///     try zip.write(to: scratch.path("A.ipa"))
public struct ZipWriter: Sendable {
    public enum Method: UInt16, Sendable { case stored = 0, deflate = 8 }

    /// One entry; the `declared…`, `flags` and `rawMethod` fields craft broken archives.
    public struct Entry: Sendable {
        public var name: [UInt8]
        public var data: [UInt8]
        public var method: Method
        /// Full `st_mode` (type and permission bits), stored for a Unix "made by" host.
        public var unixMode: UInt32
        /// Overrides the uncompressed size written in the headers (zip-bomb tests).
        public var declaredSize: UInt64?
        /// Overrides the CRC-32 written in the headers.
        public var declaredCRC: UInt32?
        /// General-purpose flags (bit 0 = encrypted); bit 3 is set by `dataDescriptor`.
        public var flags: UInt16 = 0
        /// Overrides the method number written (unsupported-method tests).
        public var rawMethod: UInt16?
        /// Writes sizes and CRC after the data (flag bit 3), zeros in the local header.
        public var dataDescriptor = false
        /// Alters the 30-byte local header after it is made (local/central disagreement tests).
        public var patchLocalHeader: (@Sendable (inout [UInt8]) -> Void)?
        /// Alters the data descriptor (signature, CRC, sizes) after it is made.
        public var patchDescriptor: (@Sendable (inout [UInt8]) -> Void)?
        /// Appended to the central record's extra field (malformed extra field tests).
        public var centralExtra: [UInt8] = []
        /// Points the central record into the data of the earlier entry with this name,
        /// which must be stored and begin with `localRecord` of this entry: a "quoted"
        /// overlap. This entry's own local record is still written where it falls.
        public var quotedBy: [UInt8]?

        public init(name: [UInt8], data: [UInt8], method: Method = .deflate, unixMode: UInt32 = 0o100644) {
            self.name = name
            self.data = data
            self.method = method
            self.unixMode = unixMode
        }

        /// A regular file (mode 0644, or 0755 when executable).
        public static func file(_ name: String, _ data: [UInt8], method: Method = .deflate,
                                executable: Bool = false) -> Entry {
            Entry(name: Array(name.utf8), data: data, method: method,
                  unixMode: executable ? 0o100755 : 0o100644)
        }

        /// A directory (the name should end in `/`).
        public static func directory(_ name: String) -> Entry {
            Entry(name: Array(name.utf8), data: [], method: .stored, unixMode: 0o040755)
        }

        /// A symbolic link whose content is its target.
        public static func symlink(_ name: String, target: String) -> Entry {
            Entry(name: Array(name.utf8), data: Array(target.utf8), method: .stored, unixMode: 0o120755)
        }
    }

    public var entries: [Entry] = []
    /// Writes Zip64 extra fields and the Zip64 end-of-central-directory records.
    public var zip64 = false
    /// Bytes written before the first entry (a self-extracting stub, say).
    public var prefix: [UInt8] = []

    public init(entries: [Entry] = []) { self.entries = entries }

    public mutating func add(_ entry: Entry) { entries.append(entry) }

    /// Raw-deflates `bytes` (no zlib header), as zip method 8 stores it.
    public static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        let produced = input.withUnsafeMutableBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf -> Int in
                stream.next_in = inBuf.baseAddress
                stream.avail_in = uInt(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = uInt(outBuf.count)
                _ = CZlib.deflate(&stream, Z_FINISH)
                return outBuf.count - Int(stream.avail_out)
            }
        }
        return Array(output[0..<produced])
    }

    public static func crc(_ bytes: [UInt8]) -> UInt32 {
        UInt32(truncatingIfNeeded: bytes.withUnsafeBufferPointer {
            crc32(0, $0.baseAddress, uInt($0.count))
        })
    }

    /// The archive's bytes.
    public func data() -> [UInt8] {
        var out = prefix
        var central: [UInt8] = []
        var dataStarts: [[UInt8]: UInt64] = [:]
        for entry in entries {
            let offset = entry.quotedBy.flatMap { dataStarts[$0] } ?? UInt64(out.count)
            let payload = entry.method == .deflate ? Self.deflate(entry.data) : entry.data
            let crc = entry.declaredCRC ?? Self.crc(entry.data)
            let size = entry.declaredSize ?? UInt64(entry.data.count)
            let flags = entry.flags | (entry.dataDescriptor ? 0x08 : 0) | 0x800
            let method = entry.rawMethod ?? entry.method.rawValue
            var local: [UInt8] = []
            local.le32(0x0403_4B50); local.le16(zip64 ? 45 : 20); local.le16(flags); local.le16(method)
            local.le16(0); local.le16(0x21)
            // Zip64: the local sizes are 0xFFFFFFFF and a Zip64 extra field holds them.
            var localExtra: [UInt8] = []
            if entry.dataDescriptor {
                local.le32(0); local.le32(0); local.le32(0)
            } else if zip64 {
                local.le32(crc); local.le32(0xFFFF_FFFF); local.le32(0xFFFF_FFFF)
                localExtra.le16(0x0001); localExtra.le16(16); localExtra.le64(size); localExtra.le64(UInt64(payload.count))
            } else {
                local.le32(crc); local.le32(UInt32(truncatingIfNeeded: payload.count))
                local.le32(UInt32(truncatingIfNeeded: size))
            }
            local.le16(UInt16(entry.name.count)); local.le16(UInt16(localExtra.count))
            entry.patchLocalHeader?(&local)
            dataStarts[entry.name] = UInt64(out.count + local.count + entry.name.count + localExtra.count)
            out += local + entry.name + localExtra + payload
            if entry.dataDescriptor {
                var descriptor: [UInt8] = []
                descriptor.le32(0x0807_4B50); descriptor.le32(crc); descriptor.le32(UInt32(truncatingIfNeeded: payload.count))
                descriptor.le32(UInt32(truncatingIfNeeded: size))
                entry.patchDescriptor?(&descriptor)
                out += descriptor
            }
            var extra: [UInt8] = []
            if zip64 {
                extra.le16(0x0001); extra.le16(24)
                extra.le64(size); extra.le64(UInt64(payload.count)); extra.le64(offset)
            }
            extra += entry.centralExtra
            central.le32(0x0201_4B50); central.le16(0x0300 | 20); central.le16(zip64 ? 45 : 20)
            central.le16(flags); central.le16(method); central.le16(0); central.le16(0x21)
            central.le32(crc)
            central.le32(zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: payload.count))
            central.le32(zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: size))
            central.le16(UInt16(entry.name.count)); central.le16(UInt16(extra.count)); central.le16(0)
            central.le16(0); central.le16(0); central.le32(entry.unixMode << 16)
            central.le32(zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: offset))
            central += entry.name + extra
        }
        let cdOffset = UInt64(out.count)
        out += central
        if zip64 {
            let recordOffset = UInt64(out.count)
            out.le32(0x0606_4B50); out.le64(44); out.le16(0x0300 | 45); out.le16(45)
            out.le32(0); out.le32(0)
            out.le64(UInt64(entries.count)); out.le64(UInt64(entries.count))
            out.le64(UInt64(central.count)); out.le64(cdOffset)
            out.le32(0x0706_4B50); out.le32(0); out.le64(recordOffset); out.le32(1)
        }
        out.le32(0x0605_4B50); out.le16(0); out.le16(0)
        let count: UInt16 = zip64 ? 0xFFFF : UInt16(truncatingIfNeeded: entries.count)
        out.le16(count); out.le16(count)
        out.le32(zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: central.count))
        out.le32(zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: cdOffset))
        out.le16(0)
        return out
    }

    /// An entry's local header, name and (stored) data, as `data()` writes them: the
    /// content of a stored entry that quotes it (see `Entry.quotedBy`).
    public static func localRecord(_ entry: Entry) -> [UInt8] {
        var single = ZipWriter(entries: [entry])
        single.zip64 = false
        let bytes = single.data()
        return Array(bytes[0..<(30 + entry.name.count + entry.data.count)])
    }

    /// Writes the archive to `path`.
    public func write(to path: String) throws {
        try Data(data()).write(to: URL(fileURLWithPath: path))
    }
}

extension Array where Element == UInt8 {
    mutating func le16(_ v: UInt16) { append(UInt8(v & 0xFF)); append(UInt8(v >> 8)) }
    mutating func le32(_ v: UInt32) { for i in 0..<4 { append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    mutating func le64(_ v: UInt64) { for i in 0..<8 { append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
}
