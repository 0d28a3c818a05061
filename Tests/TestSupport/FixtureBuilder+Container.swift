import BundleModel
import Foundation

/// App data containers, written in code: a simulator data container (rooted at its
/// content: `Documents/`, `Library/`, `tmp/` and the container metadata plist) or an
/// Xcode `.xcappdata` package (`AppData/…` and `AppDataInfo.plist`), and the upgrade
/// scenarios a migration report must judge.
///
///     let before = FixtureBuilder.dataContainer()
///     let after = before.upgraded(.documentsMovedToCaches)
///     let dir = try before.writeDirectory(in: scratch.path, named: "before")
///     let package = try before.xcappdata().writeDirectory(in: scratch.path, named: "before.xcappdata")
extension FixtureBuilder {
    /// The upgrade scenarios (the "after" side of a before/after pair).
    public enum ContainerScenario: String, Sendable, CaseIterable {
        /// Settings key `units` became `unitSystem`, its value kept (a migration).
        case keyRenamed
        /// Settings key `units` removed and `unitSystem` set to a default (the choice lost).
        case keyDropped
        /// The user's trips moved from Documents/ to Library/Caches/.
        case documentsMovedToCaches
        /// A file written into the app bundle the container input holds.
        case fileWrittenIntoBundle
        /// A careful upgrade: new data in the app's Application Support folder, a new
        /// settings key, caches rebuilt, tmp emptied; user data untouched.
        case cleanMigration
    }

    /// The default app of container fixtures (the demo app's id).
    public static let containerApp = "com.example.wanderlust"

    /// A simulator data container of `app`: trips in Documents/, a delivered file in
    /// Documents/Inbox/, the defaults plist, app data in Application Support/<app>/,
    /// thumbnails in Caches/, a partial upload in tmp/. With `bundle`, the input also holds
    /// `Wanderlust.app` at that version (as a test harness may copy it next to the data).
    public static func dataContainer(app: String = containerApp, bundle: (short: String, build: String)? = nil) -> FixtureBuilder {
        var b = FixtureBuilder()
        b.setFile(ContainerReader.metadataName, plist(["MCMMetadataIdentifier": app, "MCMMetadataContentClass": 2,
                                                       "MCMMetadataVersion": 6], binary: true))
        b.setFile("Documents/Trips/paris.json", #"{"city":"Paris","days":4,"notes":"Louvre on Monday"}"#)
        b.setFile("Documents/Trips/kyoto.json", #"{"city":"Kyoto","days":6,"notes":"Fushimi Inari at dawn"}"#)
        b.setFile("Documents/Inbox/boarding-pass.pdf", "%PDF-1.4 boarding pass")
        b.setFile("Library/Preferences/\(app).plist", defaults(["units": "metric", "onboardingDone": true,
                                                                 "lastSyncVersion": 3]))
        b.setFile("Library/Application Support/\(app)/profile.json", #"{"name":"Ada","home":"Lyon"}"#)
        b.setFile("Library/Caches/thumbnails/paris.png", "\u{89}PNG paris thumbnail")
        b.setFile("tmp/upload.part", "partial upload")
        if let bundle {
            b.setFile("Wanderlust.app/Info.plist", plist(["CFBundleIdentifier": app, "CFBundleExecutable": "Wanderlust",
                                                          "CFBundleShortVersionString": bundle.short,
                                                          "CFBundleVersion": bundle.build]))
            b.setFile("Wanderlust.app/Wanderlust", "\u{CF}\u{FA}\u{ED}\u{FE} executable", executable: true)
        }
        return b
    }

    /// A defaults plist: binary, as the defaults system writes it; XML where the bytes
    /// must be the same on every run (Foundation's binary writer follows the dictionary's
    /// per-process order, its XML writer sorts the keys).
    public static func defaults(_ values: [String: Any], binary: Bool = true) -> [UInt8] { plist(values, binary: binary) }

    /// The container after an upgrade that did `scenario`.
    public func upgraded(_ scenario: ContainerScenario, app: String = containerApp) -> FixtureBuilder {
        var b = self
        let prefs = "Library/Preferences/\(app).plist"
        switch scenario {
        case .keyRenamed:
            b.setFile(prefs, Self.defaults(["unitSystem": "metric", "onboardingDone": true, "lastSyncVersion": 3]))
        case .keyDropped:
            b.setFile(prefs, Self.defaults(["unitSystem": "imperial", "onboardingDone": true, "lastSyncVersion": 3]))
        case .documentsMovedToCaches:
            b.remove("Documents/Trips")
            b.setFile("Library/Caches/Trips/paris.json", contents("Documents/Trips/paris.json") ?? [])
            b.setFile("Library/Caches/Trips/kyoto.json", contents("Documents/Trips/kyoto.json") ?? [])
        case .fileWrittenIntoBundle:
            b.setFile("Wanderlust.app/offline-cache.json", #"{"tiles":12}"#)
        case .cleanMigration:
            b.setFile("Library/Application Support/\(app)/trips-index.json", #"{"version":2,"trips":["paris","kyoto"]}"#)
            b.setFile(prefs, Self.defaults(["units": "metric", "onboardingDone": true, "lastSyncVersion": 4,
                                            "mapStyle": "standard"]))
            b.remove("Library/Caches/thumbnails")
            b.setFile("Library/Caches/thumbnails-v2/paris.png", "\u{89}PNG paris thumbnail, retina")
            b.remove("tmp/upload.part")
            b.setDirectory("tmp")
        }
        return b
    }

    /// The same container as an Xcode `.xcappdata` package: the content below `AppData/`,
    /// `AppDataInfo.plist` naming the app, no container metadata plist.
    public func xcappdata(app: String = containerApp) -> FixtureBuilder {
        var out = FixtureBuilder()
        for (path, node) in nodes where path != BundlePath(ContainerReader.metadataName) {
            out.set(BundlePath("AppData").appending(path.bytes), node)
        }
        out.setFile(ContainerReader.appDataInfoName, Self.plist(["CFBundleIdentifier": app, "DeviceIdentifier": "SIMULATOR",
                                                                 "DeviceName": "iPhone"]))
        return out
    }
}
