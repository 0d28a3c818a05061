import BundleModel

/// The judgment of one versioned macOS framework's `Versions/` folder and top-level links
/// (`structure.framework-versions`).
struct FrameworkLayout {
    let build: CheckContext
    let framework: BundleInfo
    let entries: EntryIndex

    private var root: BundlePath { framework.path }
    private var versions: BundlePath { root.appending("Versions") }
    private static let currentName = Array("Current".utf8)

    /// What `Versions/Current` is.
    private enum Current {
        case missing
        case version(String)
        /// A plain file as long as the name of a version folder: a link the copy flattened.
        case flattened(String?)
        case wrong(String)
    }

    func findings() -> [Finding] {
        var out: [Finding] = []
        var flattened: [BundlePath] = []
        let versionNames = entries.subdirectories(of: versions).filter { $0 != Self.currentName }
            .map { String(decoding: $0, as: UTF8.self) }.sorted()
        let current = judgeCurrent(versionNames)
        let version: String?
        var linked: String?
        switch current {
        case .missing:
            out.append(finding("Versions/ has no 'Current' symbolic link to the version folder (ITMS-90292)", "Versions/Current"))
            version = versionNames.count == 1 ? versionNames.first : nil  // what the link would name
        case .wrong(let why):
            out.append(finding("Versions/Current \(why) (ITMS-90292)", "Versions/Current"))
            version = nil
        case .flattened(let v):
            flattened.append(versions.appending("Current"))
            version = v
        case .version(let v):
            version = v
            linked = v
        }
        if versionNames.count > 1 {
            out.append(finding("Versions/ holds \(versionNames.count) versions (\(versionNames.joined(separator: ", "))); "
                               + "Apple's best practice is a single version", "Versions",
                               severity: build.severity(of: .frameworkVersions, atMost: .warning)))
        }
        var present = Set<[UInt8]>()
        for name in entries.children[root] ?? [] where name != Array("Versions".utf8) {
            present.insert(name)
            guard name.first != UInt8(ascii: "."), let child = entries[root.appending(name)] else { continue }
            if let message = judgeTopLevel(child, linkedVersion: linked, flattened: &flattened) {
                out.append(finding(message, child.path.nameString, path: child.path))
            }
        }
        if let version { out += missingLinks(version: version, present: present) }
        if !flattened.isEmpty {
            out.append(Finding(
                ruleID: .frameworkVersions, severity: build.severity(of: .frameworkVersions, atMost: .info),
                bundle: build.name(of: framework),
                message: "\(flattened.count) symbolic link(s) of this copy are plain files holding their target "
                    + "(\(flattened.map { $0.relative(to: root)?.description ?? $0.description }.joined(separator: ", "))): "
                    + "the copy lost its symlinks (a checkout or archive without symlink support), so its links "
                    + "are not judged; the framework as shipped needs them as symbolic links",
                paths: flattened, subject: "lost symlinks"))
        }
        return out
    }

    private func judgeCurrent(_ versionNames: [String]) -> Current {
        guard let entry = build.entry(at: versions.appending("Current")) else { return .missing }
        switch entry.kind {
        case .directory:
            return .wrong("is a folder, not a symbolic link to a version folder")
        case .file:
            let sameLength = versionNames.filter { UInt64($0.utf8.count) == entry.size }
            guard !sameLength.isEmpty else { return .wrong("is a file, not a symbolic link to a version folder") }
            return .flattened(sameLength.count == 1 ? sameLength[0] : nil)
        case .symlink:
            let target = entry.symlinkTarget ?? []
            let shown = BundlePath(bytes: target).description
            if target.first == UInt8(ascii: "/") || target.split(separator: UInt8(ascii: "/")).contains([0x2E, 0x2E]) {
                return .wrong("points to '\(shown)', outside the Versions folder")
            }
            let name = String(decoding: target, as: UTF8.self)
            guard !target.contains(UInt8(ascii: "/")), versionNames.contains(name) else {
                return .wrong("points to '\(shown)', which is not a version folder in Versions/")
            }
            return .version(name)
        }
    }

    /// What is wrong with one top-level entry (nil: a good link, or one not judged).
    private func judgeTopLevel(_ child: FileEntry, linkedVersion: String?, flattened: inout [BundlePath]) -> String? {
        let name = child.path.name
        let shownName = BundlePath(bytes: name).description
        let expected = "Versions/Current/" + shownName
        switch child.kind {
        case .directory:
            return "'\(shownName)' at the top of the framework is a folder; it should be a symbolic link to "
                + "\(expected) (ITMS-90291)"
        case .file:
            if child.size == UInt64(("Versions/Current/".utf8.count + name.count)) {
                flattened.append(child.path)
                return nil
            }
            return "'\(shownName)' at the top of the framework is a file; only symbolic links into Versions/Current "
                + "belong there (ITMS-90291)"
        case .symlink:
            let shown = BundlePath(bytes: child.symlinkTarget ?? []).description
            switch entries.resolve([name], within: root) {
            case .escapes(let link), .loops(let link):
                guard link == child.path else { return nil }
                return "the symbolic link '\(shownName)' points to '\(shown)', outside the framework"
            case .missing:
                guard linkedVersion != nil else { return nil }
                return "the symbolic link '\(shownName)' points to '\(shown)', which does not exist"
            case .found(let path, _):
                guard let linkedVersion, path != versions.appending(linkedVersion).appending(name) else { return nil }
                return "the symbolic link '\(shownName)' points to '\(shown)', not to \(expected) (ITMS-90291)"
            }
        }
    }

    /// The links Xcode makes that are missing: the executable and `Resources`, when the
    /// version folder has them.
    private func missingLinks(version: String, present: Set<[UInt8]>) -> [Finding] {
        var names = ["Resources"]
        if let executable = framework.executable, !executable.isEmpty, !executable.utf8.contains(UInt8(ascii: "/")) { names.insert(executable, at: 0) }
        let folder = versions.appending(version)
        return names.filter { !present.contains(Array($0.utf8)) && build.entry(at: folder.appending($0)) != nil }.map { name in
            finding("the framework has no top-level symbolic link '\(BundlePath(name).description)' -> "
                    + "'Versions/Current/\(BundlePath(name).description)' (ITMS-90291)", name)
        }
    }

    private func finding(_ message: String, _ subject: String, path: BundlePath? = nil, severity: Severity? = nil) -> Finding {
        Finding(ruleID: .frameworkVersions, severity: severity ?? build.severity(of: .frameworkVersions),
                bundle: build.name(of: framework), message: message, paths: [path ?? root], subject: subject)
    }
}
