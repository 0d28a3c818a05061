// libFuzzer target: `FileRecord.decode`, the reader of the blob recorded for each file
// (`sha256 <hex>` and `size <n>` lines; a history handed over may hold any bytes there).
// Any bytes give a record or nil, never a trap; the answer is the one the first reader
// gave (lines split with `split`, the digest through `Hex.decode`), kept here as the
// reference; and a record read back from its own encoding is the same record.
import BundleModel
import TextSafety

/// The first reader, as it was before it read in place: the reference.
private func referenceDecode(_ bytes: [UInt8]) -> FileRecord.Decoded? {
    var digest: SHA256Digest?
    var size: UInt64?
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
        if line.starts(with: Array("sha256 ".utf8)) {
            guard let hex = Hex.decode(utf8: line.dropFirst(7), byteCount: 32) else { return nil }
            digest = SHA256Digest(bytes: hex)
        } else if line.starts(with: Array("size ".utf8)) {
            guard let n = referenceNumber(line.dropFirst(5)) else { return nil }
            size = n
        } else {
            return nil
        }
    }
    return size.map { (digest, $0) }
}

/// The first reader's number: an optional `+`, then ASCII digits, no overflow.
private func referenceNumber(_ digits: ArraySlice<UInt8>) -> UInt64? {
    var rest = digits
    if rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
    guard !rest.isEmpty, rest.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
    var value: UInt64 = 0
    for byte in rest {
        let (times, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
        guard !o1, !o2 else { return nil }
        value = sum
    }
    return value
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fileRecordFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let decoded = FileRecord.decode(bytes)
    let reference = referenceDecode(bytes)
    guard decoded?.sha256 == reference?.sha256, decoded?.size == reference?.size, (decoded == nil) == (reference == nil) else {
        fatalError("decode differs from the reference for \(bytes)")
    }
    if let decoded {
        let entry = FileEntry(path: BundlePath("f"), kind: .file, size: decoded.size, sha256: decoded.sha256)
        guard let again = FileRecord.decode(FileRecord.encode(entry)), again.sha256 == decoded.sha256, again.size == decoded.size else {
            fatalError("a record does not read back from its own encoding: \(bytes)")
        }
    }
    return 0
}
