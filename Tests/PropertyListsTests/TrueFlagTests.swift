import PropertyLists
import Testing

/// `PlistValue.isTrueFlag` reads an Info.plist flag as the system does (`boolValue`).
@Suite struct TrueFlagTests {
    @Test(arguments: [
        (PlistValue.boolean(true), true), (.boolean(false), false),
        (.string("YES"), true), (.string("yes"), true), (.string("true"), true), (.string(" 1"), true),
        (.string("+007"), true), (.string("NO"), false), (.string("0"), false), (.string(""), false),
        (.string("false"), false), (.integer(PlistInteger(1)), true), (.integer(PlistInteger(0)), false),
        (.real(0.5), true), (.array([]), false),
    ])
    func readsAsTheSystemDoes(_ value: PlistValue, _ expected: Bool) {
        #expect(value.isTrueFlag == expected, "\(value)")
    }
}
