import BundleModel
import PropertyLists

extension BuildReader {
    /// How the main bundle of an input is found.
    enum MainBundleRule {
        /// The input directory is the bundle.
        case root(BundlePath)
        /// Exactly one `Payload/*.app` below the prefix (ipa).
        case payload(BundlePath)
        /// `Products/Applications/*.app`, else the first outermost bundle under `Products/`.
        case archive
        /// The outermost app, else the first outermost bundle (zips).
        case anyBundle
    }

    /// The main bundle's path, checked before any content is read.
    static func mainBundlePath(_ rule: MainBundleRule, entries: [FileEntry],
                               display: String) throws(InputError) -> BundlePath {
        let bundleDirs = entries.filter { $0.kind == .directory && BundleScanner.kind(of: $0.path) != nil }
            .map(\.path).sorted()
        switch rule {
        case .root(let path):
            return path
        case .payload(let prefix):
            let payload = prefix.appending("Payload")
            let apps = bundleDirs.filter { $0.parent == payload && BundleScanner.kind(of: $0) == .app }
            guard let first = apps.first else { throw InputError(file: display, "no Payload/*.app") }
            guard apps.count == 1 else {
                let count = apps.count == 2 ? "two" : "\(apps.count)"
                let names = apps.map { $0.nameString }.joined(separator: ", ")
                throw InputError(file: display, "\(count) apps in Payload: \(names)")
            }
            return first
        case .archive:
            let applications = BundlePath("Products/Applications")
            let apps = bundleDirs.filter { $0.parent == applications && BundleScanner.kind(of: $0) == .app }
            if apps.count > 1 {
                let names = apps.map { $0.nameString }.joined(separator: ", ")
                throw InputError(file: display, "\(apps.count) apps in Products/Applications: \(names)")
            }
            let products = BundlePath("Products")
            guard let main = apps.first ?? outermost(bundleDirs.filter { $0.isWithin(products) }).first else {
                throw InputError(file: display, "no app in Products/Applications and no bundle under Products/")
            }
            return main
        case .anyBundle:
            let outer = outermost(bundleDirs)
            // One app twice (a CI artifact of Debug-iphoneos/ and Release-iphoneos/): which
            // one is the build is not the archive's order to say.
            let apps = outer.filter { BundleScanner.kind(of: $0) == .app }
            for app in apps {
                let copies = apps.filter { $0.name == app.name }
                guard copies.count > 1 else { continue }
                throw InputError(file: display, "\(copies.count) copies of \(app.nameString) ("
                                 + copies.map(\.description).joined(separator: ", ")
                                 + "): which one is the build is unclear; archive one of them")
            }
            guard let main = outer.first(where: { BundleScanner.kind(of: $0) == .app }) ?? outer.first else {
                throw InputError(file: display, "no bundle in the archive (expected X.app, X.framework, … inside)")
            }
            return main
        }
    }

    /// Bundle paths not inside another of them, sorted.
    private static func outermost(_ sortedPaths: [BundlePath]) -> [BundlePath] {
        var out: [BundlePath] = []
        for path in sortedPaths where !out.contains(where: { path.isWithin($0) }) { out.append(path) }
        return out
    }

    /// The main bundle must have an Info.plist that decodes to a dictionary.
    static func validateMainBundle(_ main: BundlePath, entries: [FileEntry],
                                   plists: [BundlePath: DecodedPlist], display: String) throws(InputError) {
        let location = BundleScanner.locate(main, in: EntryIndex(entries))
        guard location.found else {
            switch location.problem {
            case .escapes(let link):
                throw InputError(file: display, "Info.plist of \(main) is reachable only through symlink "
                                 + "\(link), which points outside the bundle")
            case .loops(let link):
                throw InputError(file: display, "Info.plist of \(main) is reachable only through symlink "
                                 + "\(link), which loops")
            default:
                throw InputError(file: display, "no Info.plist in \(main)")
            }
        }
        let path = location.infoPlistPath
        switch plists[path] {
        case .decoded(let document):
            guard document.root.dictionaryValue != nil else {
                throw InputError(file: display,
                                 "Info.plist is not a dictionary (\(path) holds \(document.root.typeNameWithArticle))")
            }
        case .undecodable(let reason):
            throw InputError(file: display, "Info.plist cannot be read: \(reason) (\(path))")
        case nil:
            throw InputError(file: display, "Info.plist cannot be read (\(path))")
        }
    }
}
