import BundleDiffKit
import Rules
import Testing

/// `distribution` and `profile_expiry_days` are read, defaulted and refused like every setting.
@Suite struct ProfileSettingsTests {
    @Test func readsDistributionAndExpiryDays() throws {
        let file = try ConfigurationFile.parse("distribution: app-store\nprofile_expiry_days: 14\n", file: "x.yml")
        #expect(file.rules.distribution == .appStore)
        #expect(file.rules.profileExpiryDays == 14)
        let defaults = try ConfigurationFile.parse("fail_on: error\n", file: "x.yml")
        #expect(defaults.rules.distribution == RuleConfiguration.Distribution.none)
        #expect(defaults.rules.profileExpiryDays == 30)
    }

    @Test func refusesBadValues() {
        #expect(throws: UserFacingError.self) { try ConfigurationFile.parse("distribution: testflight\n", file: "x.yml") }
        #expect(throws: UserFacingError.self) { try ConfigurationFile.parse("profile_expiry_days: -1\n", file: "x.yml") }
        #expect(throws: UserFacingError.self) { try ConfigurationFile.parse("profile_expiry_days: soon\n", file: "x.yml") }
    }
}
