@testable import Rules
import Testing

/// An unexpanded build setting (`$(`) in an Info.plist value, which the value rules leave alone.
@Suite struct BuildSettingTextTests {
    @Test(arguments: [("$(PRODUCT_NAME)", true), ("a$$(b", true), ("$", false), ("a$ (b", false), ("(a$", false), ("", false),
                      ("caf\u{E9}$(X)", true)])
    func holdsBuildSetting(text: String, holds: Bool) {
        #expect(text.holdsBuildSetting == holds)
        #expect(text.holdsBuildSetting == text.utf8.contains("$(".utf8))
    }
}
