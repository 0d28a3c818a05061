import PropertyLists
import Testing
@testable import Rules

/// The profile semantics `profile.entitlements-not-granted` judges with.
@Suite struct EntitlementGrantTests {
    func grants(_ profile: PlistValue, _ signed: PlistValue, key: String = "k") -> Bool? {
        EntitlementGrant.grants(profile, signed, key: key)
    }

    @Test func stringPatterns() {
        #expect(grants(.string("*"), .array([.string("applinks:a.com"), .string("webcredentials:b.com")])) == true)
        #expect(grants(.string("TEAM.*"), .string("TEAM.com.example.app")) == true)
        #expect(grants(.string("TEAM.com.example.*"), .string("TEAM.com.example.app")) == true)
        #expect(grants(.string("TEAM.com.example.*"), .string("TEAM.com.other.app")) == false)
        #expect(grants(.string("TEAM.com.example.app"), .string("team.COM.example.app")) == true, "case is ignored")
        #expect(grants(.string("production"), .string("development")) == false)
    }

    @Test func arraysAreSubsets() {
        let profile = PlistValue.array([.string("Development"), .string("Production")])
        #expect(grants(profile, .string("Production")) == true)
        #expect(grants(profile, .array([])) == true)
        #expect(grants(profile, .array([.string("Production"), .string("Staging")])) == false)
        #expect(grants(.array([.string("TEAM.*")]), .array([.string("TEAM.shared"), .string("com.apple.token")]),
                       key: "keychain-access-groups") == true)
        #expect(grants(.array([.string("TEAM.*")]), .array([.string("com.apple.token")]), key: "other") == false)
    }

    @Test func booleansAndUnknownShapes() {
        #expect(grants(.boolean(true), .boolean(true)) == true)
        #expect(grants(.boolean(false), .boolean(false)) == true)
        #expect(grants(.boolean(false), .boolean(true)) == false)
        #expect(grants(.boolean(true), .string("yes")) == nil)
        #expect(grants(.string("*"), .dictionary(PlistDictionary())) == nil)
        #expect(grants(.array([.boolean(true)]), .string("x")) == nil)
    }
}
