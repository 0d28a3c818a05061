import BundleModel
import PropertyLists

/// An XCFramework's `AvailableLibraries` must describe the slices that exist: each folder,
/// library and binary path present, a platform Xcode knows and the one the slice's own
/// framework was built for, no two slices for one platform, no slice left unlisted.
public struct XCFrameworkLibrariesRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .xcframeworkLibraries, name: "XCFramework slices do not match AvailableLibraries", defaultSeverity: .error,
        rationale: "Xcode picks an XCFramework's slice from its Info.plist alone (AvailableLibraries: "
            + "LibraryIdentifier, LibraryPath, SupportedPlatform, SupportedPlatformVariant, "
            + "SupportedArchitectures). A listed folder or path that is missing, a platform it does not know, "
            + "or two slices for one platform and variant fail the build of every app that links it; a "
            + "framework built for another platform than its entry says links the wrong code. A folder no "
            + "entry lists is never used (warning). The architectures inside the binaries are not read.",
        triggeringExamples: [
            RuleExample("listed slice folder missing", old: nil, new: xcf(slices: [("ios-arm64", "ios", nil)], folders: [])),
            RuleExample("simulator framework listed as device", old: nil,
                        new: xcf(slices: [("ios-arm64", "ios", nil)], folders: [("ios-arm64", "iPhoneSimulator")])),
            RuleExample("two device slices for iOS", old: nil,
                        new: xcf(slices: [("ios-arm64", "ios", nil), ("ios-arm64e", "ios", nil)],
                                 folders: [("ios-arm64", "iPhoneOS"), ("ios-arm64e", "iPhoneOS")]), expectedCount: 1),
            RuleExample("unlisted slice folder", old: nil,
                        new: xcf(slices: [("ios-arm64", "ios", nil)], folders: [("ios-arm64", "iPhoneOS"), ("tvos-arm64", "AppleTVOS")])),
            RuleExample("unknown platform", old: nil,
                        new: xcf(slices: [("ios-arm64", "iphone", nil)], folders: [("ios-arm64", "iPhoneOS")])),
            RuleExample("no AvailableLibraries", old: nil, new: ExampleBuild()
                .bundle("Foo.xcframework", kind: .xcframework, info: [("CFBundlePackageType", .string("XFWK"))])),
        ],
        nonTriggeringExamples: [
            RuleExample("device and simulator slices", old: nil,
                        new: xcf(slices: [("ios-arm64", "ios", nil), ("ios-arm64_x86_64-simulator", "ios", "simulator")],
                                 folders: [("ios-arm64", "iPhoneOS"), ("ios-arm64_x86_64-simulator", "iPhoneSimulator")])),
            RuleExample("signed XCFramework", old: nil,
                        new: xcf(slices: [("ios-arm64", "ios", nil)], folders: [("ios-arm64", "iPhoneOS")])
                            .file("Foo.xcframework/_CodeSignature/CodeResources")),
            RuleExample("Catalyst slice of a macOS-style framework", old: nil,
                        new: xcf(slices: [("ios-arm64_x86_64-maccatalyst", "ios", "maccatalyst")],
                                 folders: [("ios-arm64_x86_64-maccatalyst", "MacOSX")])),
        ])

    /// An XCFramework listing `slices` (identifier, platform, variant) with a framework in
    /// each of `folders` (identifier, the framework's `CFBundleSupportedPlatforms`).
    static func xcf(slices: [(String, String, String?)], folders: [(String, String)]) -> ExampleBuild {
        let libraries: [PlistValue] = slices.map { id, platform, variant in
            var d = PlistDictionary()
            d["LibraryIdentifier"] = .string(id)
            d["LibraryPath"] = .string("Foo.framework")
            d["SupportedPlatform"] = .string(platform)
            if let variant { d["SupportedPlatformVariant"] = .string(variant) }
            d["SupportedArchitectures"] = .array([.string("arm64")])
            return .dictionary(d)
        }
        var build = ExampleBuild().bundle("Foo.xcframework", kind: .xcframework,
                                          info: [("AvailableLibraries", .array(libraries)),
                                                 ("CFBundlePackageType", .string("XFWK"))])
        for (id, platform) in folders {
            build = build.bundle("Foo.xcframework/\(id)/Foo.framework", kind: .framework, id: "com.example.foo",
                                 info: [("CFBundleSupportedPlatforms", .array([.string(platform)]))])
                .file("Foo.xcframework/\(id)/Foo.framework/Foo", "binary", executable: true)
        }
        return build
    }

    public func findings(in build: CheckContext) -> [Finding] {
        let xcframeworks = build.bundles.filter { $0.kind == .xcframework }
        guard !xcframeworks.isEmpty else { return [] }
        let index = EntryIndex(build.snapshot.entries)
        return xcframeworks.flatMap { findings(for: $0, in: build, index: index) }
    }

    private func findings(for b: BundleInfo, in build: CheckContext, index: EntryIndex) -> [Finding] {
        var out: [Finding] = []
        func add(_ message: String, _ subject: String, paths: [BundlePath] = [], severity: Severity? = nil) {
            out.append(Finding(ruleID: .xcframeworkLibraries,
                               severity: severity ?? build.severity(of: .xcframeworkLibraries), bundle: build.name(of: b),
                               message: message, paths: paths.isEmpty ? [b.infoPlistPath] : paths, subject: subject))
        }
        guard let info = build.info(of: b) else { return [] }
        guard let libraries = XCFrameworkLibrary.libraries(in: info) else {
            add("Info.plist has no AvailableLibraries array, so no slice of the XCFramework can be used", "AvailableLibraries")
            return out
        }
        var listed = Set<String>(), platforms: [String: String] = [:]
        for (n, library) in libraries.enumerated() {
            let name = library.identifier.map { "slice '\($0)'" } ?? "AvailableLibraries item \(n)"
            for problem in library.malformedKeys { add("\(name): \(problem)", "\(name)|\(problem)") }
            let missing = [("LibraryIdentifier", library.identifier == nil), ("LibraryPath", library.libraryPath == nil),
                           ("SupportedPlatform", library.platform == nil),
                           ("SupportedArchitectures", library.architectures?.isEmpty ?? true)].filter(\.1).map(\.0)
            if !missing.isEmpty { add("\(name) has no \(missing.joined(separator: ", "))", "\(name)|lacks") }
            guard let id = library.identifier else { continue }
            if !listed.insert(id).inserted { add("\(name) is listed twice", "\(name)|twice") }
            let folder = b.path.appending(id)
            guard case .found = index.resolve(components(id), within: b.path) else {
                add("\(name) is listed but its folder does not exist", "\(name)|folder", paths: [folder])
                continue
            }
            for (key, value) in [("LibraryPath", library.libraryPath), ("BinaryPath", library.binaryPath),
                                 ("HeadersPath", library.headersPath), ("DebugSymbolsPath", library.debugSymbolsPath)] {
                guard let value, !value.isEmpty else { continue }
                guard case .found = index.resolve(components(id) + components(value), within: b.path) else {
                    add("\(name): \(key) '\(value)' does not exist in the slice", "\(name)|\(key)", paths: [folder])
                    continue
                }
            }
            if library.platform != nil, library.bundlePlatformName == nil {
                let variant = library.variant.map { " variant '\($0)'" } ?? ""
                add("\(name): SupportedPlatform '\(library.platform ?? "")'\(variant) is not a platform Xcode knows",
                    "\(name)|platform")
            } else if let expected = library.bundlePlatformName {
                let key = "\(library.platform ?? "")|\(library.variant ?? "")"
                if let other = platforms[key] {
                    add("\(name) and slice '\(other)' are both for \(expected); Xcode cannot choose between them",
                        "\(name)|same-platform")
                } else {
                    platforms[key] = id
                }
                if let path = library.libraryPath, let built = builtFor(build.snapshot, folder: folder, path: path),
                   !built.contains(where: { $0.lowercased() == expected.lowercased() }) {
                    add("\(name) is listed for \(expected) but its framework was built for \(built.joined(separator: ", "))",
                        "\(name)|built-for", paths: [folder])
                }
            }
        }
        for name in index.subdirectories(of: b.path) {
            let text = String(decoding: name, as: UTF8.self)
            guard !listed.contains(text), text != "_CodeSignature", name.first != UInt8(ascii: ".") else { continue }
            add("folder '\(text)' is not listed in AvailableLibraries, so Xcode never uses it", "unlisted|\(text)",
                paths: [b.path.appending(name)], severity: build.severity(of: .xcframeworkLibraries, atMost: .warning))
        }
        return out
    }

    private func components(_ text: String) -> [[UInt8]] {
        text.utf8.split(separator: UInt8(ascii: "/")).map(Array.init)
    }

    /// The platforms the slice's framework says it was built for (`CFBundleSupportedPlatforms`,
    /// else `DTPlatformName`), nil when the slice is no framework with a readable Info.plist.
    private func builtFor(_ snapshot: BuildSnapshot, folder: BundlePath, path: String) -> [String]? {
        let bundlePath = BundlePath(folder.description + "/" + path)
        guard let bundle = snapshot.bundles.first(where: { $0.path == bundlePath }),
              case .dictionary(let info)? = snapshot.plists[bundle.infoPlistPath]?.document?.root else { return nil }
        if let names = info["CFBundleSupportedPlatforms"]?.arrayValue?.compactMap(\.stringValue), !names.isEmpty {
            return names
        }
        guard let sdk = info["DTPlatformName"]?.stringValue else { return nil }
        let byName = ["iphoneos": "iPhoneOS", "iphonesimulator": "iPhoneSimulator", "macosx": "MacOSX",
                      "appletvos": "AppleTVOS", "appletvsimulator": "AppleTVSimulator", "watchos": "WatchOS",
                      "watchsimulator": "WatchSimulator", "xros": "XROS", "xrsimulator": "XRSimulator",
                      "driverkit": "DriverKit"]
        return [byName[sdk.lowercased()] ?? sdk]
    }
}
