import BundleModel
import Foundation

extension FixtureBuilder {
    /// The `rules2` table Xcode writes for iOS bundles (weights as `codesign` writes them).
    public static var iOSRules2: [String: Any] { [
        "^.*": true,
        "^": ["weight": 20.0],
        #".*\.dSYM($|/)"#: ["weight": 11.0],
        #"^(.*/)?\.DS_Store$"#: ["omit": true, "weight": 2000.0],
        #"^.*\.lproj/"#: ["optional": true, "weight": 1000.0],
        #"^.*\.lproj/locversion.plist$"#: ["omit": true, "weight": 1100.0],
        #"^Base\.lproj/"#: ["weight": 1010.0],
        #"^Info\.plist$"#: ["omit": true, "weight": 20.0],
        #"^PkgInfo$"#: ["omit": true, "weight": 20.0],
        #"^embedded\.provisionprofile$"#: ["weight": 20.0],
        #"^version\.plist$"#: ["weight": 20.0],
    ] }

    /// Seals the flat bundle `bundle` the way `codesign` does with `iOSRules2`: every file
    /// but `Info.plist`, `PkgInfo`, the main executable and `_CodeSignature/` gets its
    /// SHA-256 (`.lproj` files optional), every symlink its target. `rules2` replaces the
    /// table (the seal's `files2` is still computed as above).
    public mutating func seal(_ bundle: String, executable: String, rules2: [String: Any] = FixtureBuilder.iOSRules2) {
        let prefix = Array("\(bundle)/".utf8)
        var files2: [String: Any] = [:]
        for (path, node) in nodes where path.bytes.starts(with: prefix) {
            let rel = String(decoding: path.bytes.dropFirst(prefix.count), as: UTF8.self)
            if rel.hasPrefix("_CodeSignature/") || ["Info.plist", "PkgInfo", executable].contains(rel) { continue }
            let optional = rel.contains(".lproj/") && !rel.hasPrefix("Base.lproj/")
            switch node {
            case .file(let bytes, _):
                var entry: [String: Any] = ["hash2": Data(SHA256Digest.of(bytes).bytes)]
                if optional { entry["optional"] = true }
                files2[rel] = entry
            case .symlink(let target):
                files2[rel] = ["symlink": String(decoding: target, as: UTF8.self)]
            case .directory:
                continue
            }
        }
        setFile("\(bundle)/_CodeSignature/CodeResources",
                Self.plist(["files": [:] as [String: Any], "files2": files2, "rules": ["^.*": true],
                            "rules2": rules2] as [String: Any]))
    }
}

extension FixtureBuilder {
    /// Signs an edited bundle on disk again, as a rebuild would: every `files2` entry with
    /// `hash2` gets the SHA-256 of the file now at its path (`contentRoot` is the folder the
    /// seal's paths start from: the `.app` of an iOS app).
    public static func reseal(contentRoot: String) throws {
        let url = URL(fileURLWithPath: contentRoot + "/_CodeSignature/CodeResources")
        guard var seal = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any],
              var files2 = seal["files2"] as? [String: Any] else { return }
        for (key, value) in files2 {
            guard var entry = value as? [String: Any], entry["hash2"] != nil,
                  let data = FileManager.default.contents(atPath: contentRoot + "/" + key) else { continue }
            entry["hash2"] = Data(SHA256Digest.of([UInt8](data)).bytes)
            files2[key] = entry
        }
        seal["files2"] = files2
        try PropertyListSerialization.data(fromPropertyList: seal, format: .xml, options: 0).write(to: url)
    }
}
