#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BundleModel
import PropertyLists
import TextSafety

/// Reads an app's data container into a `BuildSnapshot` of kind `.container`, with the
/// same directory walker and content pipeline as builds: symlinks are recorded and never
/// followed, nothing outside the container is read, and a FIFO, socket or device inside
/// it is one error line (the same as in a build).
///
/// Recorded paths are the container's own (`Documents/…`, `Library/…`, `tmp/…`) whatever
/// the layout on disk, so a simulator container and an `.xcappdata` package compare alike:
/// - a simulator data container: recorded from its root; its
///   `.com.apple.mobile_container_manager.metadata.plist` names the app
///   (`MCMMetadataIdentifier`) and is not recorded;
/// - an Xcode `.xcappdata` package: recorded from `AppData/`; `AppDataInfo.plist` is read
///   for the app (`CFBundleIdentifier`) and not recorded;
/// - any other folder: recorded from its root, for the app named by `app`.
public enum ContainerReader {
    /// Whether the directory at `path` looks like a data container by its own marks (a
    /// container metadata file, or an `.xcappdata` package), so `diff` can read it as one.
    public static func recognizes(path: String) -> Bool {
        layout(Array(path.utf8), name: BuildReader.inputName(path)) != nil
    }

    /// Reads the container at `path`. `app`, when given, names the app; it must agree
    /// with the container's own metadata. Throws InputError (file + problem).
    public static func read(path: String, app: String? = nil,
                            options: ReadOptions = .init()) throws(InputError) -> BuildSnapshot {
        let raw = Array(path.utf8)
        guard !raw.isEmpty else { throw InputError(file: path, "empty path") }
        var st = stat()
        guard Posix.withCString(raw, { stat($0, &st) }) == 0 else {
            let code = errno
            if code == ENOENT { throw InputError(file: path, "does not exist") }
            throw InputError(file: path, "cannot be read: \(Posix.message(code))")
        }
        guard UInt32(st.st_mode) & Posix.typeMask == Posix.typeDirectory else {
            throw InputError(file: path, "is not a folder (a data container is a folder: Documents/, Library/, tmp/)")
        }
        let name = BuildReader.inputName(path)
        let layout = layout(raw, name: name) ?? .folder
        let root = layout == .xcappdata ? raw + Array("/AppData".utf8) : raw
        if layout == .xcappdata, !BuildReader.has(raw, "AppData", Posix.typeDirectory) {
            throw InputError(file: path, "is an .xcappdata package without an AppData folder")
        }
        let walker = DirectoryWalker(rootPath: root, prefix: .root, limits: options.limits, skipsPipesAndSockets: true)
        let walked = try walker.walk()
        let metadata = layout == .simulator ? BundlePath(ContainerInfo.metadataName) : nil
        var (entries, plists, _, stores) = try BuildReader.readContent(walker, walked, options: contentOptions(options),
                                                                       display: path)
        var identifier: String?
        switch layout {
        case .simulator:
            identifier = try metadataIdentifier(plists[BundlePath(ContainerInfo.metadataName)], key: "MCMMetadataIdentifier",
                                                file: display(raw, ContainerInfo.metadataName))
        case .xcappdata:
            let info = try readSmallPlist(raw + Array("/\(ContainerInfo.appDataInfoName)".utf8), display: display(raw, ContainerInfo.appDataInfoName),
                                          options: options)
            identifier = try metadataIdentifier(info, key: "CFBundleIdentifier", file: display(raw, ContainerInfo.appDataInfoName))
        case .folder:
            break
        }
        if let metadata {
            entries.removeAll { $0.path == metadata }
            plists[metadata] = nil
            stores[metadata] = nil
        }
        let appID = try resolveApp(given: app, found: identifier, layout: layout, display: path)
        return BuildSnapshot(sourceKind: .container, sourceName: name, entries: EntryList(entries), plists: plists,
                             bundles: BundleScanner.bundles(entries: entries, plists: plists), stores: stores,
                             container: ContainerInfo(appIdentifier: appID, layout: layout))
    }

    /// `options` for reading a container's files: without Mach-O facts, which a container's
    /// snapshot does not record (a binary in it is a file like any other), so none is parsed.
    static func contentOptions(_ options: ReadOptions) -> ReadOptions {
        var content = options
        content.readsMachO = false
        return content
    }

    /// The layout the directory's own marks say, nil for a plain folder.
    static func layout(_ raw: [UInt8], name: String) -> ContainerInfo.Layout? {
        if BuildReader.has(raw, ContainerInfo.metadataName, Posix.typeRegular) { return .simulator }
        if name.lowercased().hasSuffix(".xcappdata")
            || (BuildReader.has(raw, ContainerInfo.appDataInfoName, Posix.typeRegular) && BuildReader.has(raw, "AppData", Posix.typeDirectory)) {
            return .xcappdata
        }
        return nil
    }

    /// The app's bundle identifier: the one given must agree with the one found.
    private static func resolveApp(given: String?, found: String?, layout: ContainerInfo.Layout,
                                   display: String) throws(InputError) -> String {
        if let given, given.isEmpty || given.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw InputError(file: display, "--app \(VisibleText.quoted(given)) is not a bundle identifier")
        }
        switch (given, found) {
        case let (given?, found?) where given != found:
            throw InputError(file: display, "the container belongs to \(VisibleText.quoted(found)), not "
                             + "\(VisibleText.quoted(given)) as --app says")
        case let (_, found?): return found
        case let (given?, nil): return given
        case (nil, nil):
            switch layout {
            case .folder:
                throw InputError(file: display, "is not a data container on its own (no \(ContainerInfo.metadataName), not an "
                                 + ".xcappdata package): name its app with --app <bundle-id>")
            case .simulator, .xcappdata:
                throw InputError(file: display, "its metadata names no app: name it with --app <bundle-id>")
            }
        }
    }

    /// The string under `key` of a metadata plist; nil when the plist lacks it. A metadata
    /// file that cannot be decoded is an error naming it.
    private static func metadataIdentifier(_ plist: DecodedPlist?, key: String, file: String) throws(InputError) -> String? {
        switch plist {
        case nil: return nil
        case .undecodable(let reason)?: throw InputError(file: file, "cannot be decoded: \(reason)")
        case .decoded(let document)?:
            guard case .dictionary(let dict) = document.root else {
                throw InputError(file: file, "is not a dictionary")
            }
            guard let value = dict[key] else { return nil }
            guard let text = value.stringValue, !text.isEmpty else {
                throw InputError(file: file, "\(key) is not a non-empty string")
            }
            return text
        }
    }

    /// Reads one regular file (never through a symlink) of at most the plist limit, decoded.
    private static func readSmallPlist(_ raw: [UInt8], display: String,
                                       options: ReadOptions) throws(InputError) -> DecodedPlist? {
        let (fd, err) = Posix.openAt(AT_FDCWD, raw, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else {
            if err == ENOENT { return nil }
            throw InputError(file: display, "cannot be read: \(Posix.message(err))")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw InputError(file: display, "cannot be read: \(Posix.message(errno))") }
        guard UInt32(st.st_mode) & Posix.typeMask == Posix.typeRegular else {
            throw InputError(file: display, Posix.describeSpecial(mode: UInt32(st.st_mode)) ?? "is not a regular file")
        }
        let size = UInt64(max(0, st.st_size))
        guard size <= options.limits.maxPlistBytes else { throw InputError(file: display, "is too large for a property list") }
        guard let bytes = Posix.readBytes(fd, count: Int(size), at: 0), bytes.count == Int(size) else {
            throw InputError(file: display, "cannot be read")
        }
        return PlistFiles.decode(bytes, path: BundlePath(ContainerInfo.appDataInfoName))
    }

    private static func display(_ raw: [UInt8], _ name: String) -> String {
        VisibleText.escape(bytes: raw + [UInt8(ascii: "/")] + Array(name.utf8))
    }
}
