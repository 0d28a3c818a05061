import BundleModel
import MachO
import PropertyLists
import Testing
import TestSupport
@testable import Rules

/// The binary and signature diff rules on facts the Mach-O reader took from written bytes
/// (not hand-built facts): flags, CMS blob, XML entitlements, cryptid, UUID and segments.
@Suite struct BinarySignatureRuleTests {
    static let uuid: [UInt8] = Array(0x10...0x1F)

    static func image(text: UInt64 = 0x4000, uuid: [UInt8] = uuid, platform: UInt32 = 2, sdk: UInt32 = 0x0011_0000,
                      cryptid: UInt32? = nil, signature: MachOWriter.Signature? = nil) -> MachOWriter {
        var w = MachOWriter()
        w.commands = [.segment("__TEXT", vmSize: text, fileSize: text),
                      .segment("__LINKEDIT", vmSize: 0x4000, fileSize: 0x4000),
                      .buildVersion(platform: platform, minos: 0x000F_0000, sdk: sdk), .uuid(uuid)]
        if let cryptid { w.commands.append(.encryption(cryptid: cryptid)) }
        w.signature = signature
        return w
    }

    /// A distribution signature: team, CMS content, `flags`, and `entitlements` as the XML blob.
    static func distribution(flags: UInt32 = 0, entitlements: String? = nil) -> MachOWriter.Signature {
        MachOWriter.Signature(teamID: "ABCDE12345", flags: flags, entitlementsXML: entitlements.map { Array(plist($0).utf8) },
                              cms: [0x30, 0x80, 0x06])
    }

    static let adHoc = MachOWriter.Signature(teamID: nil, flags: 0x2)

    static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
            + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\"><dict>\(body)</dict></plist>\n"
    }

    static func app(_ image: MachOWriter, dylib: MachOWriter? = nil) throws -> ExampleBuild {
        var build = ExampleBuild().bundle("Example.app", id: "com.example.app",
                                          info: [("CFBundleExecutable", .string("Example"))])
            .binary("Example.app/Example", try MachOFile.parse(image.bytes()))
        if let dylib { build = build.binary("Example.app/Frameworks/libKit.dylib", try MachOFile.parse(dylib.bytes())) }
        return build
    }

    func run(_ rule: RuleID, _ old: MachOWriter, _ new: MachOWriter, oldDylib: MachOWriter? = nil,
             newDylib: MachOWriter? = nil) throws -> [Finding] {
        findings(of: rule, RuleExample("bytes", old: try Self.app(old, dylib: oldDylib), new: try Self.app(new, dylib: newDylib)))
    }

    @Test func distributionToAdHocIsAWarning() throws {
        let found = try run(.becameAdHoc, Self.image(signature: Self.distribution()), Self.image(signature: Self.adHoc))
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.contains("team ABCDE12345") == true, "\(found.map(\.message))")
        #expect(try run(.becameAdHoc, Self.image(signature: Self.adHoc), Self.image(signature: Self.adHoc)).isEmpty)
        #expect(try run(.becameAdHoc, Self.image(signature: Self.distribution()), Self.image(signature: Self.distribution())).isEmpty)
    }

    @Test func hardenedRuntimeDroppedOnMacOSOnly() throws {
        let mac = try run(.hardenedRuntimeDropped, Self.image(platform: 1, signature: Self.distribution(flags: 0x1_0000)),
                          Self.image(platform: 1, signature: Self.distribution()))
        #expect(mac.count == 1)
        let iOS = try run(.hardenedRuntimeDropped, Self.image(signature: Self.distribution(flags: 0x1_0000)),
                          Self.image(signature: Self.distribution()))
        #expect(iOS.isEmpty)
    }

    @Test func signedEntitlementsAreComparedKeyByKey() throws {
        let old = Self.image(signature: Self.distribution(entitlements:
            "<key>com.apple.security.application-groups</key><array><string>group.old</string></array>"
            + "<key>get-task-allow</key><true/>"))
        let new = Self.image(signature: Self.distribution(entitlements:
            "<key>com.apple.security.application-groups</key><array><string>group.new</string></array>"
            + "<key>get-task-allow</key><false/><key>com.apple.developer.healthkit</key><true/>"))
        let found = try run(.entitlementsChanged, old, new)
        #expect(found.map(\.severity) == [.warning, .info], "\(found.map(\.message))")
        #expect(found.first?.message.contains("added 'group.new'; removed 'group.old'") == true)
        #expect(found.last?.message == "entitlements changed in the signature of Example: added "
            + "'com.apple.developer.healthkit'; changed 'get-task-allow' true → false")
        #expect(found.allSatisfy { $0.paths == [BundlePath("Example.app/Example")] })
        #expect(try run(.entitlementsChanged, old, old).isEmpty)
    }

    @Test func derEntitlementsStandInWhenThereIsNoXML() throws {
        let old = Self.image(signature: Self.distribution(entitlements: "<key>aps-environment</key><string>production</string>"))
        var der = Self.distribution()
        der.entitlementsDER = MachOWriter.derEntitlements(.dictionary(PlistDictionary([("aps-environment", .string("production"))])))
        #expect(try run(.entitlementsChanged, old, Self.image(signature: der)).isEmpty)
        der.entitlementsDER = MachOWriter.derEntitlements(.dictionary(PlistDictionary([("aps-environment", .string("development"))])))
        let found = try run(.entitlementsChanged, old, Self.image(signature: der))
        #expect(found.count == 1 && found[0].message.hasPrefix("push environment changed in the signature"),
                "\(found.map(\.message))")
    }

    @Test func anUndecodableEntitlementsBlobIsNotCompared() throws {
        let old = Self.image(signature: Self.distribution(entitlements: "<key>get-task-allow</key><true/>"))
        var broken = Self.distribution()
        broken.entitlementsXML = Array("<plist><dict><key>".utf8)
        #expect(try run(.entitlementsChanged, old, Self.image(signature: broken)).isEmpty)
    }

    @Test func uuidKeptWhileTextChangedInAnyBinaryOfTheBundle() throws {
        let dylibOld = Self.image(text: 0x4000, uuid: Array(0x20...0x2F))
        let dylibNew = Self.image(text: 0x2_0000, uuid: Array(0x20...0x2F))
        let found = try run(.uuidUnchanged, Self.image(), Self.image(), oldDylib: dylibOld, newDylib: dylibNew)
        #expect(found.map(\.paths) == [[BundlePath("Example.app/Frameworks/libKit.dylib")]], "\(found.map(\.message))")
        let relinked = try run(.uuidUnchanged, Self.image(), Self.image(text: 0x8000, uuid: Array(0x30...0x3F)))
        #expect(relinked.isEmpty)
    }

    @Test func encryptionAndSDKAreInformation() throws {
        let encrypted = try run(.encryptionChanged, Self.image(cryptid: 0), Self.image(cryptid: 1))
        #expect(encrypted.map(\.severity) == [.info])
        let sdk = try run(.sdkChanged, Self.image(), Self.image(sdk: 0x0012_0000))
        #expect(sdk.map(\.message) == ["iOS SDK changed 17.0 → 18.0 (Example): behaviour the OS ties to the SDK may "
            + "change; test on the oldest and newest OS"])
    }
}
