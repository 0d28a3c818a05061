import BundleModel
import MachO
import PropertyLists

extension CheckContext {
    /// Whether `app` was built for devices, not a simulator: its executable has a device
    /// slice (`UnsupportedArchitectureRule.isDeviceBuild`); in a build recorded without Mach-O
    /// facts, what Xcode wrote into its Info.plist says so (`CFBundleSupportedPlatforms`
    /// names a device platform and no simulator, or without that key, `DTPlatformName` is a
    /// device SDK). False when neither tells.
    func isDeviceBuild(_ app: BundleInfo) -> Bool {
        if let main = executableFacts(of: app)?.file { return UnsupportedArchitectureRule.isDeviceBuild(main) }
        guard !hasMachOFacts, let info = info(of: app) else { return false }
        if let names = info["CFBundleSupportedPlatforms"]?.arrayValue?.compactMap(\.stringValue) {
            return names.contains { SimulatorPlatformRule.deviceNames.contains($0) }
                && !names.contains { SimulatorPlatformRule.simulatorNames.contains($0) }
        }
        return info["DTPlatformName"]?.stringValue.map { Self.deviceSDKNames.contains($0) } ?? false
    }

    /// The top-level iOS apps of a device build that may reach App Store Connect, with their
    /// Info.plist: what App Store Connect judges an app's own keys in. iMessage and sticker
    /// apps (`LSApplicationLaunchProhibited`) and the iOS stub of a watch-only app
    /// (`ITSWatchOnlyContainer`) are left out.
    func uploadableIOSApps() -> [(app: BundleInfo, info: PlistDictionary)] {
        guard mayBeUploaded else { return [] }
        return bundles.compactMap { app in
            guard app.parentPath == nil, app.kind == .app, app.platform == "iOS" || app.platform == nil,
                  isMobile(app), isDeviceBuild(app), let info = info(of: app),
                  info["LSApplicationLaunchProhibited"]?.isTrueFlag != true,
                  info["ITSWatchOnlyContainer"]?.isTrueFlag != true else { return nil }
            return (app, info)
        }
    }

    /// `DTPlatformName` of a device SDK.
    private static let deviceSDKNames: Set<String> = ["iphoneos", "appletvos", "watchos", "xros"]

    /// The Mach-O facts of `bundle`'s main executable (`CFBundleExecutable` where the layout
    /// keeps it): nil when it names no file, the file is not Mach-O, or the build was
    /// recorded without Mach-O facts.
    func executableFacts(of bundle: BundleInfo) -> (path: BundlePath, file: MachOFile)? {
        guard let path = executable(of: bundle)?.path else { return nil }
        return snapshot.machO[path].map { (path, $0) }
    }

    /// Whether `bundle` is a static framework: its executable is a static library (a
    /// universal file of archives, or one archive, which is no Mach-O file: the build has
    /// Mach-O facts, and none for that file). It is linked into the app's executable and
    /// never embedded, so nothing of its Info.plist reaches App Store Connect.
    func isStaticFramework(_ bundle: BundleInfo) -> Bool {
        guard bundle.kind == .framework, let path = executable(of: bundle)?.path else { return false }
        if let file = snapshot.machO[path] { return !file.slices.isEmpty && file.slices.allSatisfy(\.isStaticArchive) }
        guard let entry = index.entry(at: path), entry.kind == .file, entry.size > 0 else { return false }
        return hasMachOFacts && snapshot.machOUnreadable[path] == nil
    }

    /// Whether the build may be uploaded to App Store Connect (`RuleConfiguration.mayBeUploaded`).
    var mayBeUploaded: Bool { configuration.mayBeUploaded }

    /// Whether the build carries Mach-O facts at all (builds recorded before them do not).
    var hasMachOFacts: Bool { !snapshot.machO.isEmpty }
}
