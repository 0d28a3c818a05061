import PropertyLists

/// Finds the bundles in a recorded build. Pure: it looks only at the entries and decoded
/// property lists it is given (the history store rebuilds bundle info with it too).
public enum BundleScanner {
    /// Directory extensions that make a bundle (compared case-insensitively).
    static let bundleExtensions: [String: BundleInfo.Kind] = [
        "app": .app, "appex": .appex, "framework": .framework, "bundle": .bundle,
        "xpc": .xpc, "xctest": .xctest, "plugin": .plugin, "kext": .kext, "xcframework": .xcframework,
        // macOS loadable bundles of other kinds: each has its own Info.plist, executable and
        // code signature (its own seal), and keeps its own frameworks and resources.
        "qlgenerator": .other, "mdimporter": .other, "systemextension": .other, "dext": .other, "saver": .other,
        "prefpane": .other, "component": .other, "action": .other,
    ]

    /// Every bundle (a directory whose extension is app, appex, framework, bundle, xpc,
    /// xctest, plugin, kext, xcframework, or a macOS loadable bundle's: qlgenerator,
    /// mdimporter, systemextension, dext, saver, prefPane, component, action) with its layout, Info.plist facts and localizations;
    /// outermost first, then by path.
    public static func bundles(entries: [FileEntry], plists: [BundlePath: DecodedPlist]) -> [BundleInfo] {
        let index = EntryIndex(entries)
        let paths = entries.filter { $0.kind == .directory && kind(of: $0.path) != nil }
            .map(\.path).sorted()
        let bundleSet = Set(paths)
        var found: [(depth: Int, info: BundleInfo)] = []
        for path in paths {
            guard let kind = kind(of: path) else { continue }
            let located = locate(path, in: index)
            let dictionary = plists[located.infoPlistPath]?.document?.root.dictionaryValue
            var parent: BundlePath?
            var depth = 0
            var cursor = path
            while !cursor.isRoot {
                cursor = cursor.parent
                if bundleSet.contains(cursor) {
                    if parent == nil { parent = cursor }
                    depth += 1
                }
            }
            var info = BundleInfo(path: path, kind: kind, layout: located.layout,
                                  infoPlistPath: located.infoPlistPath, resourcesPath: located.resourcesPath,
                                  parentPath: parent)
            if let dictionary {
                info.identifier = text(dictionary["CFBundleIdentifier"])
                info.shortVersion = text(dictionary["CFBundleShortVersionString"])
                info.version = text(dictionary["CFBundleVersion"])
                info.executable = text(dictionary["CFBundleExecutable"])
            }
            info.platform = platform(dictionary, layout: located.layout)
            info.localizations = localizations(in: located.resourcesPath, bundle: path, index: index)
            found.append((depth, info))
        }
        return found.sorted { a, b in
            a.depth != b.depth ? a.depth < b.depth : a.info.path < b.info.path
        }.map(\.info)
    }

    /// The bundle kind for a directory name, or nil when it is not a bundle.
    public static func kind(of path: BundlePath) -> BundleInfo.Kind? {
        let name = path.name
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else { return nil }
        let ext = String(decoding: name[(dot + 1)...], as: UTF8.self).lowercased()
        return bundleExtensions[ext]
    }

    /// `*.lproj` directories directly inside `resources`, without the extension, sorted.
    /// A symlinked `.lproj` (Sparkle's `fr_CA.lproj -> fr.lproj`) counts when it leads to a
    /// directory inside `bundle`.
    static func localizations(in resources: BundlePath, bundle: BundlePath, index: EntryIndex) -> [String] {
        let suffix = Array(".lproj".utf8)
        let base = resources.relative(to: bundle)?.components ?? []
        return (index.children[resources] ?? []).compactMap { name -> String? in
            guard name.count > suffix.count,
                  name.suffix(suffix.count).map({ $0 | 0x20 }).elementsEqual(suffix) else { return nil }
            switch index[resources.appending(name)]?.kind {
            case .directory: break
            case .symlink:
                guard case .found(_, let target) = index.resolve(base + [name], within: bundle),
                      target.kind == .directory else { return nil }
            default: return nil
            }
            return String(decoding: name.dropLast(suffix.count), as: UTF8.self)
        }.sorted()
    }

    /// A string value, or the text of a number (some builds write versions as numbers).
    static func text(_ value: PlistValue?) -> String? {
        switch value {
        case .string(let s): s
        case .integer(let i): i.description
        case .real(let r): String(r)
        default: nil
        }
    }
}
