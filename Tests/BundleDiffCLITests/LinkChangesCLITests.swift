import Foundation
import Testing
import TestSupport

/// The linked-library, rpath and usage-description findings end to end: real Mach-O
/// executables written in code, read by `diff`, and hostile install names and rpaths kept
/// on one escaped line.
@Suite struct LinkChangesCLITests {
    static func executable(_ commands: [MachOWriter.Command], imports: [String]) -> [UInt8] {
        var w = MachOWriter()
        w.commands = [.buildVersion(platform: 2, minos: 0x10_0000, sdk: 0x11_0000),
                      .dylib(cmd: 0xC, path: "/usr/lib/libSystem.B.dylib")] + commands
        w.symbols = (["_objc_msgSend"] + imports).map(MachOWriter.Symbol.undefined)
        return w.bytes()
    }

    static func build(_ version: String, _ executable: [UInt8], in scratch: ScratchDirectory, named: String) throws -> String {
        var app = FixtureBuilder.iOSApp(version: version, nested: false)
        app.setFile("MyApp.app/MyApp", executable, executable: true)
        return try app.writeDirectory(in: scratch.path(named))
    }

    @Test func newlyLinkedContactsRpathsAndHostileNames() throws {
        let scratch = try ScratchDirectory("link-changes")
        try FileManager.default.createDirectory(atPath: scratch.path("old"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path("new"), withIntermediateDirectories: true)
        let old = try Self.build("1", Self.executable([.rpath("@executable_path/Frameworks")], imports: []),
                                 in: scratch, named: "old")
        let hostile = "@rpath/Evil\u{1B}[31m\nKit.framework/Kit"
        let new = try Self.build("2", Self.executable([
            .dylib(cmd: 0xC, path: "/System/Library/Frameworks/Contacts.framework/Contacts"),
            .dylib(cmd: 0x8000_0018, path: hostile),
            .rpath("@loader_path/\u{1B}]8;;https://x\u{07}"), .rpath("@executable_path/Frameworks"),
        ], imports: ["_OBJC_CLASS_$_CNContactStore"]), in: scratch, named: "new")

        let json = CLIHarness.run(["diff", old, new, "--format", "json"])
        #expect(json.err.isEmpty, "\(json.err)")
        let doc = try JSONTree.parse(json.out)
        let findings = doc["findings"]?.arrayValue ?? []
        func messages(_ id: String) -> [String] {
            findings.filter { $0["id"]?.stringValue == id || $0["ruleId"]?.stringValue == id }.compactMap { $0["message"]?.stringValue }
        }
        #expect(messages("binary.libraries-changed") == [
            "MyApp links 2 libraries differently: newly linked: /System/Library/Frameworks/Contacts.framework/Contacts, "
                + "\(hostile) (weak)"])
        #expect(messages("binary.rpaths-changed") == [
            "MyApp rpaths changed: added: @loader_path/\u{1B}]8;;https://x\u{07}"])
        #expect(messages("binary.usage-description-missing").count == 1)
        #expect(messages("binary.usage-description-missing").first?.contains("no NSContactsUsageDescription") == true)

        let text = CLIHarness.run(["diff", old, new], environment: CLIHarness.unwrapped)
        #expect(!text.out.contains("\u{1B}"), "no escape sequence from the build reaches the terminal")
        #expect(!text.out.contains("\u{07}"))
        let line = text.out.split(separator: "\n").first { $0.contains("links 2 libraries differently") }
        #expect(line?.contains("Kit.framework/Kit (weak)") == true, "the hostile install name stays on its line")
    }
}
