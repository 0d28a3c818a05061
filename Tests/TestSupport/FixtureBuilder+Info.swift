import BundleModel
import Foundation

extension FixtureBuilder {
    /// The Info.plist path of the bundle at `bundle` (flat, `Contents/`, `Versions/A/Resources/`).
    public func infoPlistPath(of bundle: String) -> String {
        for candidate in ["Contents/Info.plist", "Versions/A/Resources/Info.plist", "Resources/Info.plist"] {
            if contents(bundle + "/" + candidate) != nil { return bundle + "/" + candidate }
        }
        return bundle + "/Info.plist"
    }

    /// Rewrites a bundle's Info.plist through `change`, keeping its format (XML or binary).
    public mutating func updateInfo(_ bundle: String, _ change: (inout [String: Any]) -> Void) {
        let path = infoPlistPath(of: bundle)
        let old = contents(path) ?? []
        var dictionary = (try? PropertyListSerialization.propertyList(from: Data(old), options: [],
                                                                     format: nil)) as? [String: Any] ?? [:]
        change(&dictionary)
        setFile(path, Self.plist(dictionary, binary: old.starts(with: Array("bplist".utf8))))
    }

    /// Sets one Info.plist key of a bundle.
    public mutating func setInfo(_ key: String, _ value: Any, in bundle: String) {
        updateInfo(bundle) { $0[key] = value }
    }

    /// Writes a `.strings` file from ordered pairs.
    public mutating func setStrings(_ path: String, _ pairs: KeyValuePairs<String, String>, utf16: Bool = false) {
        setFile(path, Self.strings(pairs, utf16: utf16))
    }

    /// The Info.plist of a bundle, as a dictionary.
    public static func info(identifier: String, name: String, shortVersion: String, version: String,
                     packageType: String = "APPL", platform: String = "iphoneos",
                     supported: String = "iPhoneOS", extra: [String: Any] = [:]) -> [String: Any] {
        var info: [String: Any] = [
            "CFBundleDevelopmentRegion": "en",
            "CFBundleExecutable": name,
            "CFBundleIdentifier": identifier,
            "CFBundleInfoDictionaryVersion": "6.0",
            "CFBundleName": name,
            "CFBundlePackageType": packageType,
            "CFBundleShortVersionString": shortVersion,
            "CFBundleVersion": version,
            "CFBundleSupportedPlatforms": [supported],
            "DTPlatformName": platform,
        ]
        for (k, v) in extra { info[k] = v }
        return info
    }

    /// A `_CodeSignature/CodeResources` plist listing `files` (fake hashes derived from names).
    static func codeResources(_ files: [String]) -> [UInt8] {
        var listed: [String: Any] = [:]
        for file in files { listed[file] = Data(Array(file.utf8.prefix(20)) + [UInt8](repeating: 0, count: max(0, 20 - file.utf8.count))) }
        return plist(["files": listed, "files2": [:] as [String: Any],
                      "rules": ["^.*": true] as [String: Any]] as [String: Any])
    }

    /// Deterministic pseudo-random bytes (a stand-in for binaries and assets).
    public static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        var out = [UInt8](repeating: 0, count: count)
        for i in 0..<count {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            out[i] = UInt8(truncatingIfNeeded: state)
        }
        return out
    }
}
