import Foundation
import Testing
import TestSupport

/// macOS loadable bundles the scanner knows by extension (Quick Look generators, Spotlight
/// importers, system extensions, screen savers, …): each is a bundle of its own, so its own
/// frameworks, privacy manifest and renames are judged as that bundle's, not the app's.
@Suite struct MacLoadableBundleTests {
    static func app(importer name: String = "Viewer") -> FixtureBuilder {
        var app = FixtureBuilder.macApp(name: "Viewer", identifier: "com.example.viewer")
        let library = "Viewer.app/Contents/Library"
        var generator = FixtureBuilder.macLoadable(name: "Viewer", ext: "qlgenerator", identifier: "com.example.viewer.ql")
        generator = generator.merging(FixtureBuilder.versionedFramework(name: "Render", identifier: "com.example.render")
            .embedded(in: "Viewer.qlgenerator/Contents/Frameworks"))
        generator.setFile("Viewer.qlgenerator/Contents/Resources/PrivacyInfo.xcprivacy",
                          FixtureBuilder.plist(["NSPrivacyTracking": false] as [String: Any]))
        var sysext = FixtureBuilder.macLoadable(name: "Filter", ext: "systemextension",
                                                identifier: "com.example.viewer.filter", packageType: "SYSX")
        sysext.setFile("Filter.systemextension/Contents/Frameworks/libcore.dylib", FixtureBuilder.bytes(512, seed: 7))
        sysext.setFile("Filter.systemextension/Contents/embedded.provisionprofile", "profile")
        var importer = FixtureBuilder.macLoadable(name: name, ext: "mdimporter", identifier: "com.example.viewer.md")
        importer.setFile("\(name).mdimporter/Contents/Resources/schema.xml", "<schema/>")
        app = app.merging(generator.embedded(in: "\(library)/QuickLook"))
            .merging(sysext.embedded(in: "\(library)/SystemExtensions"))
            .merging(importer.embedded(in: "\(library)/Spotlight"))
        return app
    }

    /// A framework in CFBundle's old-style layout (CEF's: `Resources/Info.plist`, the
    /// executable at the top, no `Versions/`) names an executable that is there, and has no
    /// version folder to be wrong about; one whose links a wheel dropped (`Versions/A/Kit`
    /// beside a top-level `Resources/` folder) is judged as a versioned framework.
    @Test func anOldStyleFrameworksExecutableIsFoundBesideResources() throws {
        let scratch = try ScratchDirectory("old-style-framework")
        var framework = FixtureBuilder.oldStyleFramework()
        let path = try framework.writeDirectory(in: scratch.path, named: "a") + "/Kit.framework"
        let r = CLIHarness.run(["check", path, "--fail-on", "info"])
        #expect(r.err.isEmpty && r.status == 0, "\(r.out)\(r.err)")
        framework.remove("Kit.framework/Kit")
        framework.setFile("Kit.framework/Versions/A/Kit", FixtureBuilder.bytes(512, seed: 3), executable: true)
        let dropped = try framework.writeDirectory(in: scratch.path, named: "b") + "/Kit.framework"
        let out = CLIHarness.run(["check", dropped]).out
        #expect(out.contains("names no file at Kit\n"), "\(out)")
        #expect(out.contains("Versions/ has no 'Current'"), "\(out)")
    }

    /// CEF's framework in a Mac app: App Store Connect refuses its layout (ITMS-90291), a
    /// Developer ID build signs and notarizes it as it is.
    @Test func anOldStyleFrameworkInAMacAppIsJudgedForTheAppStoreOnly() throws {
        let scratch = try ScratchDirectory("old-style-in-app")
        let app = FixtureBuilder.macApp(name: "Viewer", identifier: "com.example.viewer").merging(
            FixtureBuilder.oldStyleFramework(name: "Cef", identifier: "com.example.cef").embedded(in: "Viewer.app/Contents/Frameworks"))
        let path = try app.writeDirectory(in: scratch.path, named: "a") + "/Viewer.app"
        let devid = try scratch.write("devid.yml", "distribution: developer-id\n")
        #expect(CLIHarness.run(["check", path]).out.contains("structure.framework-versions"))
        let r = CLIHarness.run(["check", path, "--config", devid])
        #expect(!r.out.contains("structure.framework-versions"), "\(r.out)")
    }

    /// An empty development-region folder is there (CFBundle lists it) with nothing in it:
    /// the finding says so, not that the folder is missing.
    @Test func anEmptyDevelopmentRegionFolderIsSaidToBeEmpty() throws {
        let scratch = try ScratchDirectory("empty-lproj")
        var framework = FixtureBuilder.oldStyleFramework()
        framework.setFile("Kit.framework/Resources/de.lproj/locale.pak", "pak")
        framework.setFile("Kit.framework/Resources/en.lproj/locale.pak", "pak")
        let old = try framework.writeDirectory(in: scratch.path, named: "a") + "/Kit.framework"
        framework.remove("Kit.framework/Resources/en.lproj/locale.pak")
        framework.setDirectory("Kit.framework/Resources/en.lproj")
        let new = try framework.writeDirectory(in: scratch.path, named: "b") + "/Kit.framework"
        let out = CLIHarness.run(["diff", old, new, "--format", "json"]).out
        #expect(out.contains("but en.lproj holds no file"), "\(out)")
        #expect(!out.contains("has neither en.lproj"), "\(out)")
    }

    @Test func aLoadableBundlesOwnFrameworksAndManifestAreItsOwn() throws {
        let scratch = try ScratchDirectory("mac-loadable")
        let app = try Self.app().writeDirectory(in: scratch.path, named: "a") + "/Viewer.app"
        let r = CLIHarness.run(["check", app, "--fail-on", "info"])
        #expect(r.err.isEmpty, "\(r.err)")
        for rule in ["structure.dotted-code-folder", "structure.framework-location", "structure.content-placement"] {
            #expect(!r.out.contains(rule), "\(rule): \(r.out)")
        }
        let diff = CLIHarness.run(["diff", app, app, "--format", "json"])
        for id in ["com.example.viewer.ql", "com.example.viewer.filter", "com.example.viewer.md"] {
            #expect(diff.out.contains("\"\(id)\""), "\(id) is a bundle: \(diff.out)")
        }
    }

    @Test func renamingAnImporterMovesNoResource() throws {
        let scratch = try ScratchDirectory("mac-loadable")
        let old = try Self.app().writeDirectory(in: scratch.path, named: "a") + "/Viewer.app"
        let new = try Self.app(importer: "ViewerSpotlight").writeDirectory(in: scratch.path, named: "b") + "/Viewer.app"
        let r = CLIHarness.run(["diff", old, new])
        #expect(r.err.isEmpty && r.out.contains("com.example.viewer.md  matched"), "\(r.out)\(r.err)")
        #expect(!r.out.contains("moves."), "\(r.out)")
    }
}
