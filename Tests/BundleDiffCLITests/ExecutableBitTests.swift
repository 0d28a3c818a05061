import Foundation
import Testing
import TestSupport

/// A binary whose bytes stayed and whose executable bit went is no re-signing: the change is
/// listed, not filed under signature noise (a lost mode is a common artifact-upload fault).
@Suite struct ExecutableBitTests {
    @Test func aLostExecutableBitIsAChangeNotSignatureNoise() throws {
        let scratch = try ScratchDirectory("exec-bit")
        let app = FixtureBuilder.iOSApp(nested: false)
        let old = try app.writeDirectory(in: scratch.path, named: "a") + "/MyApp.app"
        var lost = app
        let binary = try #require(lost.contents("MyApp.app/MyApp"))
        lost.setFile("MyApp.app/MyApp", binary, executable: false)
        let new = try lost.writeDirectory(in: scratch.path, named: "b") + "/MyApp.app"
        let r = CLIHarness.run(["diff", old, new, "--format", "json"])
        #expect(r.status != 2, "\(r.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let bundles = try #require(json["bundles"] as? [[String: Any]])
        let noise = bundles.flatMap { ($0["signatureNoise"] as? [Any]) ?? [] }
        #expect(noise.isEmpty, "\(noise)")
        #expect(r.out.contains("MyApp.app/MyApp"), "the binary is listed as changed")
    }
}
