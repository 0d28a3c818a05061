/// A file's bytes at known offsets: the whole file, or only the ranges the reader needs
/// (header, load commands, symbol and string tables, chained fixups, code signature), so a
/// large binary is read through a bounded window. A read outside them fails with a message.
///
///     let whole = MachOByteRanges(bytes)                               // every byte
///     let kept = MachOByteRanges(fileSize: 1 << 30, pieces: [(0, head), (tableAt, table)])
public struct MachOByteRanges: Sendable {
    /// Bytes the file has in all (offsets are checked against it, as for a whole file).
    public let fileSize: Int
    /// The pieces held, by offset; they may overlap.
    let pieces: [Piece]

    struct Piece: Sendable {
        let offset: Int
        let bytes: [UInt8]
        var end: Int { offset + bytes.count }
    }

    /// Every byte of a file.
    public init(_ bytes: [UInt8]) {
        fileSize = bytes.count
        pieces = [Piece(offset: 0, bytes: bytes)]
    }

    /// Some ranges of a file of `fileSize` bytes; pieces that do not lie inside it are dropped.
    public init(fileSize: Int, pieces: [(offset: Int, bytes: [UInt8])]) {
        self.fileSize = max(0, fileSize)
        self.pieces = pieces.filter { $0.offset >= 0 && $0.bytes.count <= fileSize - $0.offset }
            .map { Piece(offset: $0.offset, bytes: $0.bytes) }.sorted { $0.offset < $1.offset }
    }

    /// The bytes held (at most the file's size times the number of overlapping pieces).
    public var heldBytes: Int { pieces.reduce(0) { $0 + $1.bytes.count } }

    /// The index of a piece holding all of `offset..<offset+length` (which lies in the file).
    func piece(_ offset: Int, _ length: Int) -> Int? {
        pieces.firstIndex { $0.offset <= offset && length <= $0.end - offset }
    }
}
