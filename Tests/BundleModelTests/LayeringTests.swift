import Foundation
import Testing
import TestSupport

/// The plain-values side stays plain: BundleModel and the layers that judge and show builds
/// (Comparison, CodeSigning, Rules, Reporters) neither depend on nor import the readers
/// (BundleReading) or the C libraries only readers need (OpenSSL, zlib). Read through
/// SwiftPM's own manifest dump and the compiler's own import list, not by matching text.
@Suite struct LayeringTests {
    static let plainTargets = ["BundleModel", "Comparison", "CodeSigning", "Rules", "Reporters"]
    static let readerModules: Set<String> = ["BundleReading", "COpenSSL", "CZlib"]

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each target's dependencies inside the package and its sources folder, from
    /// `swift package dump-package` (scratch space of its own, so a running build's lock
    /// cannot block it).
    static func manifest() throws -> [String: (dependencies: [String], path: String)] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layering-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try ChildProcess.run("/usr/bin/env", ["swift", "package", "--package-path", packageRoot.path,
                                                         "--scratch-path", scratch.path, "dump-package"],
                                       captureOutput: true)
        try #require(run.reason == .exit && run.status == 0, "dump-package failed: \(run.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        var out: [String: (dependencies: [String], path: String)] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                // `byName` and `target` name a target or product first; products live elsewhere.
                ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
            }
            let path = target["path"] as? String ?? "Sources/\(name)"
            out[name] = (dependencies, path)
        }
        return out
    }

    /// Every target `name` builds on, directly or not.
    static func closure(of name: String, in manifest: [String: (dependencies: [String], path: String)]) -> Set<String> {
        var seen: Set<String> = []
        var queue = manifest[name]?.dependencies ?? []
        while let next = queue.popLast() {
            guard manifest[next] != nil, seen.insert(next).inserted else { continue }
            queue += manifest[next]?.dependencies ?? []
        }
        return seen
    }

    @Test func plainTargetsDoNotBuildOnTheReaders() throws {
        let manifest = try Self.manifest()
        // The check can see a reader dependency where there is one.
        #expect(Self.closure(of: "BundleReading", in: manifest).isSuperset(of: ["BundleModel", "COpenSSL", "CZlib"]))
        for name in Self.plainTargets {
            try #require(manifest[name] != nil, "no target \(name) in Package.swift")
            let reached = Self.closure(of: name, in: manifest).intersection(Self.readerModules)
            #expect(reached.isEmpty, "\(name) builds on \(reached.sorted())")
        }
    }

    @Test func plainTargetsDoNotImportTheReaders() throws {
        let manifest = try Self.manifest()
        for name in Self.plainTargets {
            let folder = Self.packageRoot.appendingPathComponent(try #require(manifest[name]).path)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".swift") }.map { folder.appendingPathComponent($0).path }
            try #require(!files.isEmpty, "no sources in \(folder.path)")
            // The compiler's parser lists the modules the files import (conditional blocks included).
            let run = try ChildProcess.run("/usr/bin/env", ["swiftc", "-emit-imported-modules", "-module-name", name] + files,
                                           captureOutput: true)
            try #require(run.reason == .exit && run.status == 0, "swiftc failed on \(name): \(run.err)")
            let imported = Set(run.out.split(separator: "\n").map(String.init))
            #expect(imported.contains("BundleModel") || name == "BundleModel", "\(name): import list not read")
            let reached = imported.intersection(Self.readerModules)
            #expect(reached.isEmpty, "\(name) imports \(reached.sorted())")
        }
    }
}
