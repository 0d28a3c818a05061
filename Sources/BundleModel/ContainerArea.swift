/// The places of an app's data container (File System Basics; docs/bundle-rules §8), and
/// which of them the system backs up or may purge. Paths are as a container snapshot
/// records them: `Documents/…`, `Library/…`, `tmp/…`.
public enum ContainerArea: String, Sendable, Hashable, CaseIterable {
    /// `Documents/Inbox/`: files other apps asked this app to open.
    case inbox
    /// `Documents/` (outside `Inbox/`): user content, exposed through file sharing.
    case documents
    /// `Library/Application Support/`: app-managed data.
    case applicationSupport
    /// `Library/Caches/`: re-creatable files the system may purge.
    case caches
    /// `Library/Preferences/`: the defaults system's property lists.
    case preferences
    /// Any other place in `Library/` (backed up).
    case library
    /// `tmp/`: temporary files the system may purge.
    case tmp
    /// Inside an app bundle (`*.app/`) that the input holds.
    case appBundle
    /// Anything else at the top of the container.
    case other

    /// The area `path` lies in.
    public static func of(_ path: BundlePath) -> ContainerArea {
        let parts = path.components.map { String(decoding: $0, as: UTF8.self) }
        guard let top = parts.first else { return .other }
        if parts.contains(where: { $0.lowercased().hasSuffix(".app") }) { return .appBundle }
        switch top {
        case "Documents": return parts.count > 1 && parts[1] == "Inbox" ? .inbox : .documents
        case "tmp": return .tmp
        case "Library":
            guard parts.count > 1 else { return .library }
            switch parts[1] {
            case "Application Support": return .applicationSupport
            case "Caches": return .caches
            case "Preferences": return .preferences
            default: return .library
            }
        default: return .other
        }
    }

    /// Whether the system backs the area up (iCloud and computer backups).
    public var isBackedUp: Bool {
        switch self {
        case .inbox, .documents, .applicationSupport, .preferences, .library: true
        case .caches, .tmp, .appBundle, .other: false
        }
    }

    /// Whether the system may delete the area's files on its own (low disk space, or
    /// while the app is not running).
    public var isPurgeable: Bool { self == .caches || self == .tmp }

    /// The area's folder as reports name it (`Library/Caches/`).
    public var folder: String {
        switch self {
        case .inbox: "Documents/Inbox/"
        case .documents: "Documents/"
        case .applicationSupport: "Library/Application Support/"
        case .caches: "Library/Caches/"
        case .preferences: "Library/Preferences/"
        case .library: "Library/"
        case .tmp: "tmp/"
        case .appBundle: "the app bundle"
        case .other: "the container's top level"
        }
    }
}
