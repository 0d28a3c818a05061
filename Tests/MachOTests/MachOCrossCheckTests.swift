import BundleReading
import Foundation
import MachO
import Testing

/// Every loose Mach-O file of the real-world corpus, read by the product and by Python's
/// macholib (`scripts/macho-crosscheck/macho_facts.py`, sharing no code with it): the
/// architectures, minimum OS and SDK, UUID and linked libraries must agree line for line.
/// Disagreements found so far and who was right: docs/macho-facts.md.
@Suite struct MachOCrossCheckTests {
    static var corpus: String? {
        guard let value = ProcessInfo.processInfo.environment["BUNDLEDIFF_CORPUS"], !value.isEmpty else { return nil }
        return value
    }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/macho-crosscheck/macho_facts.py").path
    }

    /// The facts as the script prints them: `path<TAB>label<TAB>fact`.
    static func lines(path: String, bytes: [UInt8]) -> [String] {
        let file: MachOFile
        do {
            file = try MachOFile.parse(bytes, digest: SignatureDigest.machO)
        } catch {
            return ["\(path)\terror\t\(error.message)"]
        }
        var out = ["\(path)\tarchs\t" + file.architectures.joined(separator: ",")]
        for (index, slice) in file.slices.enumerated() {
            let label = "\(path)\t\(index):\(slice.architecture)\t"
            if slice.isStaticArchive { out.append(label + "archive") }
            for v in slice.buildVersions {
                out.append(label + "build \(v.platform.rawValue) min \(v.minimumOS) sdk \(v.sdk)")
            }
            if let uuid = slice.uuid { out.append(label + "uuid " + uuid) }
            for l in slice.libraries {
                out.append(label + "library \(l.kind.rawValue) \(l.path) compat \(l.compatibilityVersion) current \(l.currentVersion)")
            }
        }
        return out
    }

    @Test(.enabled(if: corpus != nil, "set BUNDLEDIFF_CORPUS to cross-check the corpus' Mach-O files"))
    func corpusAgreesWithMacholib() throws {
        let root = try #require(Self.corpus)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, root]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0,
                     "macho_facts.py failed (run scripts/setup-deps.sh for macholib): \(stderr.prefix(400))")
        // Members of .zip/.ipa archives (ARCHIVE!MEMBER) are the script's alone.
        let theirs = printed.split(separator: "\n").map(String.init).filter { !$0.split(separator: "\t")[0].contains("!") }

        var ours: [String] = []
        for (path, bytes) in try Self.corpusMachOFiles(root) {
            ours += Self.lines(path: path, bytes: bytes)
        }
        #expect(ours.filter { $0.contains("\tarchs\t") }.count >= 70, "expected the corpus' 76 loose Mach-O files")
        let missing = Set(theirs).subtracting(ours).sorted(), extra = Set(ours).subtracting(theirs).sorted()
        #expect(missing.isEmpty && extra.isEmpty,
                "macholib only:\n\(missing.prefix(20).joined(separator: "\n"))\nours only:\n\(extra.prefix(20).joined(separator: "\n"))")
        #expect(ours.sorted() == theirs.sorted())
        #expect(!ours.contains { $0.contains("\terror\t") })
    }

    /// Every loose Mach-O file under the corpus: its path relative to the corpus and its bytes.
    static func corpusMachOFiles(_ root: String) throws -> [(String, [UInt8])] {
        var out: [(String, [UInt8])] = []
        let base = URL(fileURLWithPath: root)
        let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
        while let url = walker?.nextObject() as? URL {
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values.isRegularFile == true, values.isSymbolicLink != true,
                  let handle = FileHandle(forReadingAtPath: url.path) else { continue }
            let head = handle.readData(ofLength: 8)
            try handle.close()
            guard MachOFile.isMachO(prefix: [UInt8](head)) else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1))
            out.append((path, [UInt8](try Data(contentsOf: url))))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// The stored text of every real binary parses back to the same facts.
    @Test(.enabled(if: corpus != nil, "set BUNDLEDIFF_CORPUS to read the corpus' Mach-O files"))
    func corpusFactsRoundTripThroughText() throws {
        var signed = 0, entitled = 0, importing = 0, slices = 0 // printed for docs/macho-facts.md
        for (path, bytes) in try Self.corpusMachOFiles(try #require(Self.corpus)) {
            let file = try MachOFile.parse(bytes, digest: SignatureDigest.machO)
            #expect(try MachOText.parse(MachOText.render(file)) == file, "\(path)")
            for slice in file.slices {
                slices += 1
                if slice.codeSignature?.cdhash != nil { signed += 1 }
                if slice.codeSignature?.entitlementsXML != nil || slice.codeSignature?.entitlementsDER != nil { entitled += 1 }
                if !slice.importedSymbols.isEmpty || slice.libraries.isEmpty { importing += 1 }
            }
        }
        print("corpus Mach-O: \(slices) slices, \(signed) signed, \(entitled) with entitlements, \(importing) with imports")
        #expect(importing == slices, "every slice that links libraries imports symbols (dSYMs and archives link none)")
    }
}
