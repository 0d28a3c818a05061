import Foundation
import Testing
import TestSupport

/// Each history query on `HistoryFixture` returns exactly the builds with the known changes.
@Suite struct HistoryQueryTests {
    @Test func buildListWithFilters() throws {
        let h = try HistoryFixture()
        let all = try h.rows(["builds"])
        #expect(all.map { $0["build"] as? String } == ["1", "2", "3", "4", "5", "6"])
        #expect(all.map { $0["label"] as? String } == ["nightly", "nightly", "release", "nightly", "release", "nightly"])
        #expect(all[0]["recordedAt"] as? String == "2026-01-01T09:00:00Z")
        // Build 3: Assets.car +952 bytes, Share.appex +5,000, Info.plist a little longer.
        #expect((5952..<6100).contains((all[2]["bytes"] as? Int ?? 0) - (all[1]["bytes"] as? Int ?? 0)))
        #expect(try h.events(["builds", "--versions", "1.1..1.2"], column: "version") == ["3:1.1", "4:1.1", "5:1.2"])
        #expect(try h.events(["builds", "--versions", "1.2.."], column: "version") == ["5:1.2", "6:1.3"])
        #expect(try h.events(["builds", "--versions", "..1.0"], column: "version") == ["1:1.0", "2:1.0"])
        #expect(try h.events(["builds", "--label", "release"], column: "label") == ["3:release", "5:release"])
        #expect(try h.events(["builds", "--since", "2026-01-02", "--until", "2026-01-03"], column: "label")
                == ["2:nightly", "3:release"])
        #expect(try h.events(["builds", "--since", "2026-01-05T09:00:01Z"], column: "label") == ["6:nightly"])
        // `history` alone is `history builds`.
        #expect(h.history([]).out == h.history(["builds"]).out)
        let none = h.history(["builds", "--label", "nope"])
        #expect(none.status == 0)
        #expect(none.out.hasSuffix("no recorded build matches the filter\n"))
    }

    @Test func keyHistoryShowsOnlyChanges() throws {
        let h = try HistoryFixture()
        #expect(try h.events(["key", "NSCameraUsageDescription"]) == ["2:appeared", "4:changed", "6:removed"])
        let values = try h.rows(["key", "NSCameraUsageDescription"]).map { $0["value"] as? String }
        #expect(values == ["Scan documents", HistoryFixture.camera2, nil])
        #expect(try h.events(["key", "CFBundleVersion"]) == ["1:appeared", "2:changed", "3:changed", "4:changed",
                                                             "5:changed", "6:changed"])
        #expect(try h.events(["key", "UIDeviceFamily[1]"]) == ["3:appeared"])
        #expect(try h.rows(["key", "UIDeviceFamily"]).map { $0["value"] as? String } == ["[1]", "[1, 2]"])
        // Another bundle's Info.plist, and a localization's .strings file.
        #expect(try h.events(["key", "NSExtension.NSExtensionPointIdentifier", "--bundle", "com.example.myapp.share"])
                == ["1:appeared"])
        #expect(try h.events(["key", "farewell", "--file", "MyApp.app/fr.lproj/Localizable.strings"])
                == ["1:appeared", "4:removed"])
        #expect(try h.events(["key", "greeting", "--file", "MyApp.app/ko.lproj/Localizable.strings"])
                == ["1:appeared", "4:removed"])
        // A language's string tables, whichever file holds the key.
        #expect(try h.events(["key", "farewell", "--language", "fr"]) == ["1:appeared", "4:removed"])
        #expect(try h.events(["key", "greeting", "--language", "ko"]) == ["1:appeared", "4:removed"])
        #expect(try h.rows(["key", "CFBundleDisplayName", "--language", "de"]).map { $0["plist"] as? String }
                == ["MyApp.app/de.lproj/InfoPlist.strings"])
        #expect(try h.events(["key", "CFBundleDisplayName", "--language", "en", "--bundle", "com.example.myapp.share"])
                == ["1:appeared"])
        // Filters narrow the builds compared.
        #expect(try h.events(["key", "NSCameraUsageDescription", "--versions", "1.1..1.2"]) == ["3:appeared", "4:changed"])
        let never = h.history(["key", "NoSuchKey"])
        #expect(never.status == 0)
        #expect(never.out.hasSuffix("NoSuchKey is in no build\n"))
    }

    @Test func pathHistoryFollowsMoves() throws {
        let h = try HistoryFixture()
        let rows = try h.rows(["path", "MyApp.app/Assets.car"])
        #expect(rows.map { "\($0["build"] as? String ?? ""):\($0["change"] as? String ?? ""):\($0["path"] as? String ?? "")" } == [
            "1:appeared:MyApp.app/Assets.car", "2:content changed:MyApp.app/Assets.car",
            "3:size changed:MyApp.app/Assets.car", "5:moved:MyApp.app/Resources/Assets.car",
            "6:vanished:MyApp.app/Resources/Assets.car",
        ])
        #expect(rows.map { $0["bytes"] as? Int } == [2048, 2048, 3000, 3000, nil])
        // Asked from the new path, the first row says where it came from.
        let arrived = try h.rows(["path", "MyApp.app/Resources/Assets.car"])
        #expect(arrived.map { "\($0["build"] as? String ?? ""):\($0["change"] as? String ?? "")" } == ["5:moved", "6:vanished"])
        #expect((arrived.first?["detail"] as? String)?.hasPrefix("from MyApp.app/Assets.car;") == true)
        #expect(try h.events(["path", "MyApp.app/ko.lproj"]) == ["1:appeared", "4:vanished"])
        #expect(try h.events(["path", "MyApp.app/fr.lproj/"]) == ["1:appeared", "4:contents changed"])
        #expect(try h.events(["path", "MyApp.app/PlugIns/Share.appex/big.dat"]) == ["3:appeared"])
        let never = h.history(["path", "MyApp.app/nothing"])
        #expect(never.out.hasSuffix("MyApp.app/nothing is in no build\n"))
    }

    @Test func sizePerBundle() throws {
        let h = try HistoryFixture()
        let rows = try h.rows(["size"])
        #expect(rows.count == 6)
        let share = rows.map { $0["bundle:com.example.myapp.share"] as? Int ?? -1 }
        #expect(share[1] == share[0] && share[2] == share[1] + 5000 && share[5] == share[2])
        let core = rows.map { $0["bundle:com.example.core"] as? Int ?? -1 }
        #expect(Set(core).count == 1 && core[0] > 0)
        // A bundle without an identifier is keyed by its path.
        #expect(rows.allSatisfy { ($0["bundle:MyApp.app/Settings.bundle"] as? Int ?? 0) > 0 })
        // The main app's own size leaves out the bundles nested in it: less than the total,
        // and it moves only with its own files (Share.appex grew in build 3, the app did not
        // grow by those 5000 bytes).
        let app = rows.map { $0["bundle:com.example.myapp"] as? Int ?? -1 }
        #expect(rows.allSatisfy { ($0["bundle:com.example.myapp"] as? Int ?? .max) < $0["bytes"] as? Int ?? 0 })
        #expect(rows.map { $0["change"] as? Int } == [nil] + (1..<6).map { app[$0] - app[$0 - 1] })
        let total = rows.map { $0["bytes"] as? Int ?? -1 }
        #expect(app[2] - app[1] > 0 && (total[2] - total[1]) - (app[2] - app[1]) == 5000)
    }

    /// A size on the history page is the same size the diff page shows for that build:
    /// every bundle's own bytes, the main app's included.
    @Test func sizeMatchesTheDiff() throws {
        let h = try HistoryFixture()
        let rows = try h.rows(["size"])
        let r = CLIHarness.run(["diff", h.scratch.path("b2") + "/MyApp.app", h.scratch.path("b3") + "/MyApp.app",
                                "--format", "json"])
        let report = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        let bundles = report?["bundles"] as? [[String: Any]] ?? []
        // Bundles with an identifier (history keys the others by their path in the build).
        let named = bundles.filter { ($0["new"] as? [String: Any])?["identifier"] is String }
        #expect(named.count == 5)
        for bundle in named {
            let name = (bundle["new"] as? [String: Any])?["identifier"] as? String ?? "?"
            let summary = bundle["summary"] as? [String: Any]
            #expect(rows[1]["bundle:" + name] as? Int == summary?["oldBytes"] as? Int, "\(name)")
            #expect(rows[2]["bundle:" + name] as? Int == summary?["newBytes"] as? Int, "\(name)")
        }
    }

    @Test func languagesOverTime() throws {
        let h = try HistoryFixture()
        let rows = try h.rows(["languages"])
        #expect(rows.map { $0["changes"] as? String } == [nil, nil, nil, "-ko", nil, nil])
        #expect(rows.map { $0["ko"] as? Int } == [100, 100, 100, nil, nil, nil])
        // en has 3 keys (Localizable: greeting, farewell; InfoPlist: CFBundleDisplayName); fr keeps 2 from build 4.
        #expect(rows.map { $0["keys"] as? Int } == [3, 3, 3, 3, 3, 3])
        #expect((rows[3]["fr"] as? Double).map { abs($0 - 66.7) < 0.01 } == true)
        #expect(rows[0]["reference"] as? String == "en")
        let de = try h.rows(["languages", "--reference", "de"])
        #expect(de.first?["reference"] as? String == "de")
    }

    @Test func referenceIsTheDevelopmentRegion() throws {
        let scratch = try ScratchDirectory("history-reference")
        var app = FixtureBuilder.iOSApp(languages: ["en", "fr"], nested: false)
        app.setInfo("CFBundleDevelopmentRegion", "fr", in: "MyApp.app")
        app.setStrings("MyApp.app/fr.lproj/Localizable.strings", ["greeting": "Salut", "farewell": "Adieu", "extra": "En plus"])
        let repo = scratch.path("repo")
        #expect(CLIHarness.run(["snapshot", try app.writeDirectory(in: scratch.path), "--repo", repo]).status == 0)
        let r = CLIHarness.run(["history", "languages", "--repo", repo, "--format", "json"])
        let rows = (try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])?["rows"] as? [[String: Any]]
        #expect(rows?.first?["reference"] as? String == "fr", "\(r.err)")
        #expect(rows?.first?["keys"] as? Int == 4)  // 3 in Localizable.strings, 1 in InfoPlist.strings
        #expect(rows?.first?["en"] as? Int == 75)
    }

    /// Base.lproj serves the development region when it has no folder of its own: the
    /// history's reference is the rules' (it used to be the first other language, `de`).
    @Test func referenceIsBaseWhenTheDevelopmentRegionHasNoFolder() throws {
        let scratch = try ScratchDirectory("history-base-reference")
        var app = FixtureBuilder.iOSApp(languages: ["fr", "de"], nested: false)
        app.setStrings("MyApp.app/Base.lproj/Localizable.strings", ["greeting": "Hello", "farewell": "Bye", "later": "Later"])
        let repo = scratch.path("repo")
        #expect(CLIHarness.run(["snapshot", try app.writeDirectory(in: scratch.path), "--repo", repo]).status == 0)
        let r = CLIHarness.run(["history", "languages", "--repo", repo, "--format", "json"])
        let rows = (try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])?["rows"] as? [[String: Any]]
        #expect(rows?.first?["reference"] as? String == "Base", "\(r.err)")
        #expect(rows?.first?["keys"] as? Int == 3)
        #expect((rows?.first?["fr"] as? Double).map { abs($0 - 66.7) < 0.1 } == true)
    }

    /// A build that keeps its languages but changes a translation gets its own share: the
    /// answer of the build before is taken only when the `.lproj` folders are the same.
    @Test func sameLanguagesChangedTranslation() throws {
        let scratch = try ScratchDirectory("history-same-languages")
        let repo = scratch.path("repo")
        var app = FixtureBuilder.iOSApp(languages: ["en", "fr"], nested: false)
        for build in 1...4 {
            app.setInfo("CFBundleVersion", String(build), in: "MyApp.app")
            if build == 2 { app.setStrings("MyApp.app/fr.lproj/Localizable.strings", ["greeting": "Salut"]) }
            if build == 4 {
                app.setStrings("MyApp.app/fr.lproj/Localizable.strings", ["greeting": "Salut", "farewell": "Adieu"])
            }
            let folder = scratch.path("build\(build)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            #expect(CLIHarness.run(["snapshot", try app.writeDirectory(in: folder), "--repo", repo]).status == 0)
        }
        let r = CLIHarness.run(["history", "languages", "--repo", repo, "--format", "json"])
        let rows = (try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])?["rows"] as? [[String: Any]]
        let fr = (rows ?? []).map { ($0["fr"] as? Double).map { ($0 * 10).rounded() / 10 } }
        #expect(fr == [100, 66.7, 66.7, 100], "\(r.out)\(r.err)")
        #expect((rows ?? []).map { $0["keys"] as? Int } == [3, 3, 3, 3])
    }
}
