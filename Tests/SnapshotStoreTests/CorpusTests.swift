import BundleModel
import Foundation
import SnapshotStore
import Testing
import TestSupport

/// Every input of the real-world corpus (`$BUNDLEDIFF_CORPUS/bundles/`) records into a
/// scratch repository that `git fsck --strict` accepts, or — for the archives the corpus
/// README calls deliberately broken — fails with a clear `InputError`.
///
/// A "build" to record is each bundle the manifest lists for a build folder (its `bundle`
/// path, which for `.xcarchive` entries is the archive), plus each archive file (`.ipa`,
/// `.zip`, `.tar`, stray files) lying in the build folder.
@Suite struct CorpusTests {
    /// Inputs that must fail, by path below `bundles/`, with a piece of the expected message.
    static let expectedFailures: [String: String] = [
        "fastlane-very-capable-app/2026-07-21_d5347690d4/ipas/not-an-ipa.ipa": "not a zip",
        "fastlane-very-capable-app/2026-07-21_d5347690d4/ipas/no-app-bundle.ipa": "no Payload/*.app",
        "fastlane-very-capable-app/2026-07-21_d5347690d4/archives/no-app-bundle.xcarchive": "no app in Products/Applications",
        "fastlane-very-capable-app/2026-07-21_d5347690d4/bundles/not-an-app.txt": "not a bundle",
        "sparkle-test-apps/2024-06-30_fa4eaa977c/archives/SparkleTestCodeSignApp_bad_header.zip": "truncated zip",
        "sparkle-test-apps/2024-06-30_fa4eaa977c/archives/SparkleTestCodeSignApp_bad_extraneous.zip": "not a zip archive",
        "sparkle-test-apps/2024-06-30_fa4eaa977c/archives/SparkleTestCodeSignApp.tar": "not a bundle",
        // fastlane gym fixtures for Swift-support detection: an ipa skeleton of empty
        // folders and zero-byte dylibs, with no Info.plist (not a build).
        "fastlane-very-capable-app/2026-07-21_d5347690d4/gym-xcodebuild_fixes/with_no_swift.ipa": "no Info.plist in Payload/Client.app",
        "fastlane-very-capable-app/2026-07-21_d5347690d4/gym-xcodebuild_fixes/with_swift_twice.ipa": "no Info.plist in Payload/Client.app",
    ]

    struct Input: Sendable, CustomStringConvertible {
        var set: String
        var relative: String
        var path: String
        var description: String { relative }
    }

    /// The corpus root, nil (skip) when the variable is unset.
    static var corpusRoot: String? {
        guard let root = ProcessInfo.processInfo.environment["BUNDLEDIFF_CORPUS"], !root.isEmpty else { return nil }
        return root
    }

    static func inputs(root: String) throws -> [Input] {
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/manifest.json"))
        guard let sets = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw ScratchError("manifest.json is not a list of sets")
        }
        var out: [Input] = []
        let fm = FileManager.default
        for set in sets {
            guard let setPath = set["path"] as? String, setPath.hasPrefix("bundles/") else { continue }
            let setName = String(setPath.dropFirst("bundles/".count))
            for build in set["builds"] as? [[String: Any]] ?? [] {
                guard let buildName = build["build"] as? String else { continue }
                let buildDir = "\(root)/\(setPath)/\(buildName)"
                for bundle in build["bundles"] as? [[String: Any]] ?? [] {
                    guard let name = bundle["bundle"] as? String else { continue }
                    let relative = "\(setName)/\(buildName)/\(name)"
                    out.append(Input(set: setName, relative: relative, path: "\(buildDir)/\(name)"))
                }
                // Archive files anywhere in the build folder (not inside bundles).
                guard let walker = fm.enumerator(atPath: buildDir) else { continue }
                while let item = walker.nextObject() as? String {
                    let lower = item.lowercased()
                    if [".app", ".xcarchive", ".framework", ".xpc", ".xctest", ".bundle", "extracted", "__macosx"]
                        .contains(where: { lower.hasSuffix($0) }) {
                        walker.skipDescendants()
                        continue
                    }
                    var isDir: ObjCBool = false
                    guard fm.fileExists(atPath: "\(buildDir)/\(item)", isDirectory: &isDir), !isDir.boolValue else { continue }
                    out.append(Input(set: setName, relative: "\(setName)/\(buildName)/\(item)", path: "\(buildDir)/\(item)"))
                }
            }
        }
        return out.sorted { $0.relative < $1.relative }
    }

    @Test func corpusIsPresentWhenRequested() throws {
        guard let root = Self.corpusRoot else {
            print("SKIPPED corpus tests: BUNDLEDIFF_CORPUS is not set")
            return
        }
        #expect(FileManager.default.fileExists(atPath: root + "/manifest.json"), "corpus at \(root) has no manifest.json")
        let inputs = try Self.inputs(root: root)
        let sets = Set(inputs.map(\.set))
        for expected in ["idb-TableSearch", "idb-iOSUnitTestFixture", "idb-MacUnitTestFixture", "idb-Fixtures-HEAD",
                         "fastlane-very-capable-app", "fastlane-ExampleProductName-ipa", "sparkle-framework-builds",
                         "sparkle-test-apps"] {
            #expect(sets.contains(expected), "corpus set \(expected) missing from \(root)")
        }
        for input in inputs {
            #expect(FileManager.default.fileExists(atPath: input.path), "corpus incomplete: \(input.path) missing")
        }
        for failing in Self.expectedFailures.keys {
            #expect(inputs.contains { $0.relative == failing }, "expected broken input \(failing) not found")
        }
    }

    @Test func everyCorpusInputRecordsOrFailsClearly() throws {
        guard let root = Self.corpusRoot else {
            print("SKIPPED corpus tests: BUNDLEDIFF_CORPUS is not set")
            return
        }
        let inputs = try Self.inputs(root: root)
        #expect(inputs.count > 40)
        let scratch = try ScratchDirectory("corpus")
        let store = try HistoryStore.open(at: scratch.path("history.git"), create: true)
        var time: Int64 = 1_600_000_000
        var recorded = 0
        for input in inputs {
            let expected = Self.expectedFailures[input.relative]
            do {
                let snapshot = try BuildReader.read(path: input.path)
                #expect(expected == nil, "\(input.relative) should fail with '\(expected ?? "")' but read fine")
                #expect(snapshot.mainBundle != nil, "\(input.relative): no main bundle")
                time += 60
                _ = try store.record(snapshot, options: options(time))
                recorded += 1
            } catch let error as InputError {
                #expect(expected != nil, "\(input.relative) failed: \(error)")
                if let expected {
                    #expect(error.description.contains(expected), "\(input.relative): \(error)")
                    #expect(error.file == input.path, "the error names \(error.file), not the input")
                    #expect(!error.problem.isEmpty)
                }
            } catch {
                Issue.record("\(input.relative): unexpected \(type(of: error)): \(error)")
            }
        }
        print("corpus: recorded \(recorded) of \(inputs.count) inputs")
        try expectFsckClean(scratch.path("history.git"))
    }
}
