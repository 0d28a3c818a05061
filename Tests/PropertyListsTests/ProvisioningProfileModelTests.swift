import PropertyLists
import Testing

@Suite struct ProvisioningProfileModelTests {
    private func profile(_ pairs: [(String, PlistValue)], entitlements: [(String, PlistValue)] = []) throws -> ProvisioningProfileModel {
        var d = PlistDictionary(pairs)
        d["Entitlements"] = .dictionary(PlistDictionary(entitlements))
        return try #require(ProvisioningProfileModel(.dictionary(d)))
    }

    @Test func kindFollowsDevicesAllDevicesAndGetTaskAllow() throws {
        let devices: (String, PlistValue) = ("ProvisionedDevices", .array([.string("udid")]))
        #expect(try profile([devices], entitlements: [("get-task-allow", .boolean(true))]).kind == .development)
        #expect(try profile([devices]).kind == .adHoc)
        #expect(try profile([]).kind == .appStore)
        #expect(try profile([("ProvisionsAllDevices", .boolean(true))]).kind == .enterprise)
        #expect(try profile([("ProvisionsAllDevices", .boolean(true)), ("Platform", .array([.string("OSX")]))]).kind == .developerID)
        #expect(try profile([devices], entitlements: [("com.apple.security.get-task-allow", .boolean(true))]).kind == .development)
        #expect(ProvisioningProfileModel(.string("not a profile")) == nil)
    }

    @Test func applicationIdentifierCoversBundleIDs() throws {
        let exact = try profile([], entitlements: [("application-identifier", .string("ABCDE12345.com.example.app"))])
        #expect(exact.appIDPrefix == "ABCDE12345")
        #expect(exact.covers(bundleID: "com.example.app"))
        #expect(exact.covers(bundleID: "COM.example.App"))
        #expect(!exact.covers(bundleID: "com.example.app.share"))
        let wildcard = try profile([], entitlements: [("com.apple.application-identifier", .string("ABCDE12345.com.example.*"))])
        #expect(wildcard.covers(bundleID: "com.example.app.share"))
        #expect(!wildcard.covers(bundleID: "com.other.app"))
        let all = try profile([], entitlements: [("application-identifier", .string("ABCDE12345.*"))])
        #expect(all.covers(bundleID: "anything"))
        let none = try profile([])
        #expect(!none.covers(bundleID: "com.example.app"))
    }

    @Test func datesAndPushEnvironment() throws {
        let p = try profile([("ExpirationDate", .date(0))], entitlements: [("aps-environment", .string("development"))])
        #expect(p.expirationUnixTime == 978_307_200)
        #expect(p.pushEnvironment == "development")
    }
}
