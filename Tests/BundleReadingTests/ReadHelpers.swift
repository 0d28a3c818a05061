import BundleModel
import BundleReading
import Foundation
import PropertyLists
import Testing
import TestSupport

extension BuildSnapshot {
    func entry(_ path: String) -> FileEntry? { entries.first { $0.path == BundlePath(path) } }
    func bundle(_ path: String) -> BundleInfo? { bundles.first { $0.path == BundlePath(path) } }
    func plist(_ path: String) -> DecodedPlist? { plists[BundlePath(path)] }
}

/// SHA-256 of bytes as lowercase hex (computed with a shell tool-free reference: Foundation-free).
func sha256Hex(_ bytes: [UInt8]) throws -> String {
    let scratch = try ScratchDirectory("sha")
    try Data(bytes).write(to: URL(fileURLWithPath: scratch.path("f")))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sha256sum", scratch.path("f")]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(String(decoding: data, as: UTF8.self).prefix(64))
}

/// The InputError a read throws (nil when it succeeds).
func readError(_ path: String) -> InputError? {
    do {
        _ = try BuildReader.read(path: path)
        return nil
    } catch {
        return error
    }
}

/// A binary plist of 40 arrays, each holding the next one twice (2^40 values expanded).
func exponentialBinaryPlist() -> [UInt8] {
    var objects: [[UInt8]] = [[0x51, UInt8(ascii: "x")]]
    for i in 0..<40 { objects.append([0xA2, UInt8(i), UInt8(i)]) }
    var out = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
        offsets.append(out.count)
        out += object
    }
    let table = out.count
    for offset in offsets { out.append(UInt8(offset)) }
    func be(_ v: Int) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (8 * (7 - $0))) } }
    out += [0, 0, 0, 0, 0, 0, 1, 1] + be(objects.count) + be(objects.count - 1) + be(table)
    return out
}
