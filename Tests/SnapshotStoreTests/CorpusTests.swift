import BundleModel
import BundleReading
import Foundation
@testable import SnapshotStore
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
        // An .xcframework's Info.plist on its own is a property list, not a build (the
        // .xcframework folder around it is read: each slice a bundle).
        "EmergeTools-SnapshotPreviews-xcframework/v0.8.3/PreviewsSupport.xcframework/Info.plist": "not a bundle",
        "EmergeTools-SnapshotPreviews-xcframework/v0.8.10/PreviewsSupport.xcframework/Info.plist": "not a bundle",
        "EmergeTools-SnapshotPreviews-xcframework/v0.10.13/PreviewsSupport.xcframework/Info.plist": "not a bundle",
    ]

    struct Input: Sendable, CustomStringConvertible {
        var set: String
        var relative: String
        var path: String
        /// The manifest's inventory of the bundle (nil for archive files).
        var manifest: ManifestBundle?
        /// The build's manifest bundles by folder name (to check what an archive holds).
        var siblings: [(path: String, inventory: ManifestBundle)] = []
        /// The input's folder below the build folder (`multipleSchemes/`), or "".
        var folder: String = ""
        var description: String { relative }
    }

    /// What manifest.json says about one bundle.
    struct ManifestBundle: Sendable {
        var files: Int
        var symlinks: Int
        var bytes: UInt64
        var infoPlist: String
        var identifier: String?
        var shortVersion: String?
        var version: String?
        var lproj: [String]
        var nested: [String]

        init?(_ b: [String: Any]) {
            guard let files = b["files"] as? Int, let symlinks = b["symlinks"] as? Int,
                  let bytes = b["bytes"] as? Int, let infoPlist = b["info_plist"] as? String else { return nil }
            let info = b["info"] as? [String: Any] ?? [:]
            self.files = files
            self.symlinks = symlinks
            self.bytes = UInt64(bytes)
            self.infoPlist = infoPlist
            identifier = info["CFBundleIdentifier"] as? String
            shortVersion = info["CFBundleShortVersionString"] as? String
            version = info["CFBundleVersion"] as? String
            lproj = b["lproj"] as? [String] ?? []
            nested = b["nested"] as? [String] ?? []
        }
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
                var siblings: [(path: String, inventory: ManifestBundle)] = []
                for bundle in build["bundles"] as? [[String: Any]] ?? [] {
                    guard let name = bundle["bundle"] as? String, let inventory = ManifestBundle(bundle) else { continue }
                    siblings.append((name, inventory))
                }
                for bundle in build["bundles"] as? [[String: Any]] ?? [] {
                    guard let name = bundle["bundle"] as? String else { continue }
                    let relative = "\(setName)/\(buildName)/\(name)"
                    out.append(Input(set: setName, relative: relative, path: "\(buildDir)/\(name)",
                                     manifest: ManifestBundle(bundle)))
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
                    out.append(Input(set: setName, relative: "\(setName)/\(buildName)/\(item)", path: "\(buildDir)/\(item)",
                                     siblings: siblings,
                                     folder: item.lastIndex(of: "/").map { String(item[...$0]) } ?? ""))
                }
            }
        }
        return out.sorted { $0.relative < $1.relative }
    }

    @Test(.enabled(if: corpusRoot != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func corpusIsPresentWhenRequested() throws {
        let root = try #require(Self.corpusRoot)
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

    @Test(.enabled(if: corpusRoot != nil, "BUNDLEDIFF_CORPUS is not set: corpus tests skipped"))
    func everyCorpusInputRecordsOrFailsClearly() throws {
        let root = try #require(Self.corpusRoot)
        let inputs = try Self.inputs(root: root)
        #expect(inputs.count > 40)
        let scratch = try ScratchDirectory("corpus")
        let store = try HistoryStore.open(at: scratch.path("history.git"), create: true)
        var time: Int64 = 1_600_000_000
        var recorded = 0
        var compared = 0
        for input in inputs {
            let expected = Self.expectedFailures[input.relative]
            do {
                let snapshot = try BuildReader.read(path: input.path)
                #expect(expected == nil, "\(input.relative) should fail with '\(expected ?? "")' but read fine")
                #expect(snapshot.mainBundle != nil, "\(input.relative): no main bundle")
                if let manifest = input.manifest, !input.relative.hasSuffix(".xcarchive") {
                    Self.compare(snapshot, with: manifest, input.relative)
                } else if let main = snapshot.mainBundle, main.path.components.count <= 2,
                          let manifest = input.sibling(named: main.path.nameString) {
                    // An archive of a bundle the manifest lists unpacked (the same build).
                    Self.compare(snapshot, with: manifest, input.relative)
                    compared += 1
                }
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
        #expect(recorded == inputs.count - Self.expectedFailures.count)
        #expect(compared >= 5, "archives checked against the manifest: \(compared)")
        print("corpus: recorded \(recorded) of \(inputs.count) inputs")
        try expectFsckClean(scratch.path("history.git"))
        // Every build's bundles' own sizes and development regions as recorded in
        // bundlediff.json are those summed from its tree and decoded from its Info.plists.
        var checked = 0
        let builds = try store.builds(app: nil, channel: nil)
        for app in Set(builds.map(\.bundleId)) {
            let timeline = try store.timeline(app: app, channel: "main")
            for b in timeline.builds {
                let bundles = try timeline.bundles(in: b)
                let recordedSizes = try #require(try timeline.summary(of: b).ownSizes, "\(app): no own sizes recorded")
                #expect(recordedSizes == (try timeline.summedOwnSizes(of: bundles, in: b)), "\(app) \(b.build.shortCommit)")
                let regions = try #require(try timeline.developmentRegions(in: b), "\(app): no development regions recorded")
                for bundle in bundles {
                    var decoded: String?
                    if let info = try timeline.object(at: bundle.infoPlistPath, in: b, area: .plists) {
                        decoded = try timeline.plist(info).document?.root["CFBundleDevelopmentRegion"]?.stringValue
                    }
                    #expect(regions[bundle.path] == decoded, "\(app) \(bundle.path)")
                }
                checked += 1
            }
        }
        #expect(checked == builds.count && checked > 40)  // identical inputs share a commit
    }

    /// The read bundle matches the manifest's inventory field by field. The manifest
    /// describes the original builds; the unpacked copies of the Sparkle zips lost their
    /// symlinks (each became a small file holding its target), so for those only the
    /// Info.plist facts and nested bundles are compared (the zips are compared in full).
    static func compare(_ snapshot: BuildSnapshot, with manifest: ManifestBundle, _ name: String) {
        guard let main = snapshot.mainBundle else { return }
        let root = main.path
        let inBundle = snapshot.entries.filter { $0.path.isWithin(root) }
        let symlinks = inBundle.count { $0.kind == .symlink }
        let flattened = manifest.symlinks > 0 && symlinks == 0
        if flattened {
            print("corpus: \(name) is an unpacked copy without its \(manifest.symlinks) symlinks; inventory counts skipped")
        } else {
            #expect(inBundle.count { $0.kind == .file } == manifest.files, "\(name): files")
            #expect(symlinks == manifest.symlinks, "\(name): symlinks")
            #expect(inBundle.reduce(0) { $0 + ($1.kind == .file ? $1.size : 0) } == manifest.bytes, "\(name): bytes")
            // The manifest lists every .lproj in the bundle, nested bundles' included.
            let all = Set(snapshot.bundles.filter { $0.path.isWithin(root) }.flatMap(\.localizations))
            #expect(all.map { $0 + ".lproj" }.sorted() == manifest.lproj.sorted(), "\(name): lproj")
            // The manifest names the Info.plist as reached through the top-level symlinks.
            #expect(main.infoPlistPath.description.hasSuffix(manifest.infoPlist), "\(name): Info.plist path")
        }
        #expect(main.identifier == manifest.identifier, "\(name): identifier")
        #expect(main.shortVersion == manifest.shortVersion, "\(name): short version")
        #expect(main.version == manifest.version, "\(name): version")
        let nested = snapshot.bundles.filter { $0.path != root && $0.path.isWithin(root) }
            .compactMap { $0.path.relative(to: root)?.description }
        #expect(nested.sorted() == manifest.nested.sorted(), "\(name): nested bundles")
    }
}

extension CorpusTests.Input {
    /// The manifest bundle an archive holds: same folder name, in the archive's folder
    /// when several bundles share the name.
    func sibling(named name: String) -> CorpusTests.ManifestBundle? {
        let matches = siblings.filter { $0.path.split(separator: "/").last.map(String.init) == name }
        if matches.count == 1 { return matches[0].inventory }
        return matches.first { !folder.isEmpty && $0.path.hasPrefix(folder) }?.inventory
    }
}
