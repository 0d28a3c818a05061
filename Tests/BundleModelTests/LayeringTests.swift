import Foundation
import Testing
import TestSupport

/// The plain-values side stays plain: BundleModel and the layers that judge and show builds
/// (Comparison, CodeSigning, Rules, Reporters) neither depend on nor import the readers
/// (BundleReading) or the C libraries only readers need (OpenSSL, zlib); and Package.swift
/// declares every module of the package a target imports. Read through SwiftPM's own
/// manifest dump and the compiler's own import list, not by matching text.
@Suite struct LayeringTests {
    static let plainTargets = ["MachO", "Stores", "BundleModel", "Comparison", "CodeSigning", "Rules", "Reporters"]
    static let readerModules: Set<String> = ["BundleReading", "COpenSSL", "CZlib", "CSQLite"]

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each target's dependencies inside the package and its sources folder, from
    /// `swift package dump-package` (scratch space of its own, so a running build's lock
    /// cannot block it).
    static func manifest() throws -> [String: Target] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("layering-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try ChildProcess.run("/usr/bin/env", ["swift", "package", "--package-path", packageRoot.path,
                                                         "--scratch-path", scratch.path, "dump-package"],
                                       captureOutput: true)
        try #require(run.reason == .exit && run.status == 0, "dump-package failed: \(run.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        var out: [String: Target] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                // `byName` and `target` name a target or product first; products live elsewhere.
                ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
            }
            let type = target["type"] as? String ?? ""
            let path = target["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            out[name] = Target(dependencies: dependencies, path: path, isSystemLibrary: type == "system")
        }
        return out
    }

    /// Every target `name` builds on, directly or not.
    static func closure(of name: String, in manifest: [String: Target]) -> Set<String> {
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
            let imported = try Self.imports(of: name, in: manifest)
            #expect(imported.contains("PropertyLists"), "\(name): import list not read")
            let reached = imported.intersection(Self.readerModules)
            #expect(reached.isEmpty, "\(name) imports \(reached.sorted())")
        }
    }

    /// A module of the package that a target imports without declaring it builds only when
    /// something else happened to build it first.
    @Test func everyImportOfAPackageModuleIsDeclared() throws {
        let manifest = try Self.manifest()
        for (name, target) in manifest.sorted(by: { $0.key < $1.key }) where !target.isSystemLibrary {
            let undeclared = try Self.imports(of: name, in: manifest)
                .filter { manifest[$0] != nil && $0 != name }.subtracting(target.dependencies)
            #expect(undeclared.isEmpty, "\(name) imports \(undeclared.sorted()) without declaring them")
        }
    }

    /// The product links FoundationEssentials alone: importing Foundation anywhere brings
    /// corelibs Foundation and ICU back into the binary (45 MB, and 1.4 ms at every start).
    @Test func productTargetsDoNotImportFoundation() throws {
        let manifest = try Self.manifest()
        let whole: Set<String> = ["Foundation", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"]
        var checked = 0
        for (name, target) in manifest.sorted(by: { $0.key < $1.key })
        where !target.isSystemLibrary && target.path.hasPrefix("Sources/") {
            let imported = try Self.imports(of: name, in: manifest)
            checked += imported.isEmpty ? 0 : 1
            #expect(imported.isDisjoint(with: whole), "\(name) imports \(imported.intersection(whole).sorted())")
        }
        #expect(checked >= 10, "import lists not read")
    }

    /// The modules a target's Swift files import, as the compiler's parser lists them
    /// (conditional blocks included); none for a target without Swift files.
    static func imports(of name: String, in manifest: [String: Target]) throws -> Set<String> {
        let folder = packageRoot.appendingPathComponent(try #require(manifest[name]).path)
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            .map { folder.appendingPathComponent($0).path }
        if files.isEmpty { return [] }  // a C target
        // SwiftPM's module name: the target name with anything but letters, digits and `_` as `_`.
        let module = String(name.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" })
        let run = try ChildProcess.run("/usr/bin/env", ["swiftc", "-emit-imported-modules", "-module-name", module] + files,
                                       captureOutput: true)
        try #require(run.reason == .exit && run.status == 0, "swiftc failed on \(name): \(run.err)")
        return Set(run.out.split(separator: "\n").map(String.init))
    }
}

/// A target as the manifest declares it.
struct Target {
    /// Targets and products it names as dependencies.
    var dependencies: [String]
    /// Its sources folder, relative to the package.
    var path: String
    var isSystemLibrary: Bool
}
