import BundleModel
@testable import BundleReading
import Foundation
import Testing
import TestSupport

/// Our zip reader against Python's `zipfile` (`scripts/zipfile_list.py`) over every `.ipa`
/// and `.zip` of the corpus and the test suite's own archives: both accept or both refuse,
/// and where both accept, the entries (raw names, sizes, compressed sizes, in order) are
/// the same. An archive the two read differently is a bug in one of them.
@Suite struct ZipCrossCheckTests {
    static let corpus: String? = ProcessInfo.processInfo.environment["BUNDLEDIFF_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/zipfile_list.py").path
    }

    /// zipfile's verdict per path: the entries, or nil when it refuses the archive.
    static func python(_ paths: [String]) throws -> [String: [[String]]?] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + paths
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 \(script) failed")
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var out: [String: [[String]]?] = [:]
        for file in try #require(json["files"] as? [[String: Any]]) {
            let path = try #require(file["path"] as? String)
            if file["ok"] as? Bool == true, let entries = file["entries"] as? [[Any]] {
                out[path] = entries.map { $0.map { "\($0)" } }
            } else {
                out[path] = .some(nil)
            }
        }
        return out
    }

    /// Archives we refuse and zipfile reads, with the reason: 293 bytes are missing from
    /// this one (`unzip` refuses it too; zipfile shifts every offset by the gap).
    static let stricterThanZipfile = ["SparkleTestCodeSignApp_bad_header.zip": "truncated zip"]

    /// Our reader's entries in zipfile's form, or its refusal.
    static func ours(_ path: String) -> Result<[[String]], InputError> {
        let archive: ZipArchive
        do {
            archive = try ZipArchive.open(path: Array(path.utf8), displayName: path, limits: .init())
        } catch {
            return .failure(error)
        }
        return .success(archive.entries.map { entry in
            [entry.name.map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16)
                                                                    : String(byte, radix: 16) }.joined(),
             "\(entry.uncompressedSize)", "\(entry.compressedSize)"]
        })
    }

    static func expectAgreement(_ paths: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let verdicts = try python(paths)
        for path in paths {
            let theirs = try #require(verdicts[path], "no verdict for \(path)")
            switch (ours(path), theirs) {
            case (.failure, nil): continue
            case (.success(let mine), let theirs?):
                #expect(mine == theirs, "\(path): entries differ", sourceLocation: sourceLocation)
            case (.failure(let error), _?):
                let name = URL(fileURLWithPath: path).lastPathComponent
                if let reason = Self.stricterThanZipfile[name], error.description.contains(reason) { continue }
                Issue.record("\(path): zipfile reads it, we refuse it: \(error)", sourceLocation: sourceLocation)
            case (.success, nil):
                Issue.record("\(path): we read it, zipfile refuses it", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(.enabled(if: corpus != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func corpusArchivesReadAsZipfileReadsThem() throws {
        let root = URL(fileURLWithPath: try #require(Self.corpus)).appendingPathComponent("bundles")
        let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]))
        var paths: [String] = []
        for case let url as URL in walker where ["ipa", "zip"].contains(url.pathExtension.lowercased()) {
            paths.append(url.path)
        }
        try #require(paths.count >= 20, "only \(paths.count) archives in \(root.path)")
        try Self.expectAgreement(paths.sorted())
    }

    /// The archives the tests write: stored, deflated, Zip64, data descriptors, a prefix.
    @Test func writtenArchivesReadAsZipfileReadsThem() throws {
        let scratch = try ScratchDirectory("zipcheck")
        var paths: [String] = []
        let app = FixtureBuilder.iOSApp(nested: false).ipa()
        for (index, zip64) in [false, true].enumerated() {
            for method in [ZipWriter.Method.stored, .deflate] {
                var zip = app.zipWriter(method: method)
                zip.zip64 = zip64
                for i in zip.entries.indices where i % 2 == 0 { zip.entries[i].dataDescriptor = !zip64 }
                if index == 0 { zip.prefix = Array("#!/bin/sh\nexit 0\n".utf8) }
                let path = scratch.path("\(paths.count).zip")
                try zip.write(to: path)
                paths.append(path)
            }
        }
        try Self.expectAgreement(paths)
    }
}
