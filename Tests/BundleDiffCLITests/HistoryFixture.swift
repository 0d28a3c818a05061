import Foundation
import Testing
import TestSupport

/// A recorded history of six generated builds of `com.example.myapp` with known changes,
/// one day apart (2026-01-01 … 2026-01-06, 09:00 UTC):
///
/// | build | version | label | changes |
/// |---|---|---|---|
/// | 1 | 1.0 (1) | nightly | languages en, fr, de, ko; UIDeviceFamily [1] |
/// | 2 | 1.0 (2) | nightly | Assets.car content (same size); NSCameraUsageDescription appears |
/// | 3 | 1.1 (3) | release | Assets.car size; UIDeviceFamily [1, 2]; Share.appex +5,000 bytes |
/// | 4 | 1.1 (4) | nightly | ko dropped; fr loses `farewell`; NSCameraUsageDescription changes |
/// | 5 | 1.2 (5) | release | Assets.car moves to Resources/Assets.car; nothing else |
/// | 6 | 1.3 (6) | nightly | NSCameraUsageDescription removed; Resources/Assets.car vanishes |
struct HistoryFixture {
    let scratch: ScratchDirectory
    let repo: String

    static let camera2 = "Scan <script>alert(1)</script> \"docs\", fast"

    init() throws {
        scratch = try ScratchDirectory("history")
        repo = scratch.path("repo")
        var app = FixtureBuilder.iOSApp(languages: ["en", "fr", "de", "ko"])
        app.setInfo("UIDeviceFamily", [1], in: "MyApp.app")
        for n in 1...6 {
            let version = ["1.0", "1.0", "1.1", "1.1", "1.2", "1.3"][n - 1]
            app.updateInfo("MyApp.app") { $0["CFBundleVersion"] = "\(n)"; $0["CFBundleShortVersionString"] = version }
            switch n {
            case 2:
                app.setFile("MyApp.app/Assets.car", FixtureBuilder.bytes(2048, seed: 99))
                app.setInfo("NSCameraUsageDescription", "Scan documents", in: "MyApp.app")
            case 3:
                app.setFile("MyApp.app/Assets.car", FixtureBuilder.bytes(3000, seed: 100))
                app.setInfo("UIDeviceFamily", [1, 2], in: "MyApp.app")
                app.setFile("MyApp.app/PlugIns/Share.appex/big.dat", FixtureBuilder.bytes(5000, seed: 101))
            case 4:
                app.remove("MyApp.app/ko.lproj")
                app.setStrings("MyApp.app/fr.lproj/Localizable.strings", ["greeting": "Bonjour"])
                app.setInfo("NSCameraUsageDescription", Self.camera2, in: "MyApp.app")
            case 5:
                let car = app.contents("MyApp.app/Assets.car") ?? []
                app.remove("MyApp.app/Assets.car")
                app.setFile("MyApp.app/Resources/Assets.car", car)
            case 6:
                app.updateInfo("MyApp.app") { $0["NSCameraUsageDescription"] = nil }
                app.remove("MyApp.app/Resources/Assets.car")
            default: break
            }
            try record(app, n, label: [2, 4].contains(n - 1) ? "release" : "nightly")
        }
    }

    private func record(_ app: FixtureBuilder, _ n: Int, label: String) throws {
        let dir = scratch.path("b\(n)")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = try app.writeDirectory(in: dir)
        let r = CLIHarness.run(["snapshot", path, "--repo", repo, "--label", label,
                                "--recorded-at", "2026-01-0\(n)T09:00:00Z"])
        #expect(r.status == 0, "\(r.err)")
    }

    /// Runs `history <arguments> --repo <repo>`.
    func history(_ arguments: [String]) -> CLIResult {
        CLIHarness.run(["history"] + arguments + ["--repo", repo])
    }

    /// The JSON rows of a query (fails the test when the query fails).
    func rows(_ arguments: [String]) throws -> [[String: Any]] {
        let r = history(arguments + ["--format", "json"])
        #expect(r.status == 0, "\(r.err)")
        let object = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any]
        return object?["rows"] as? [[String: Any]] ?? []
    }

    /// `build:change` for each row, the shape most assertions compare.
    func events(_ arguments: [String], column: String = "change") throws -> [String] {
        try rows(arguments).map { "\($0["build"] as? String ?? "?"):\($0[column] as? String ?? "-")" }
    }
}
