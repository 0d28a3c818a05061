/// What a recorded data container is: whose app it belongs to and how it was laid out on
/// disk. Present only on snapshots of data containers (`BuildSnapshot.container`).
public struct ContainerInfo: Sendable, Hashable {
    /// How the container was found on disk.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// A simulator (or device) data container: `Documents/`, `Library/`, `tmp/` and
        /// `.com.apple.mobile_container_manager.metadata.plist`.
        case simulator
        /// An Xcode `.xcappdata` package: `AppData/…` and `AppDataInfo.plist`.
        case xcappdata
        /// A plain folder holding the container's content, named with `--app`.
        case folder
    }

    /// The bundle identifier of the app whose data this is.
    public var appIdentifier: String
    public var layout: Layout

    public init(appIdentifier: String, layout: Layout) {
        self.appIdentifier = appIdentifier
        self.layout = layout
    }
}
