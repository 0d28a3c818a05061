import BundleModel
import Testing

/// The one version order (Apple's CFBundleVersion rule): one or more period-separated
/// integers, compared component by component as integers.
@Suite struct VersionOrderTests {
    static func v(_ s: String) throws -> VersionNumber { try #require(VersionNumber(s)) }

    @Test func anyNumberOfComponentsComparesAsIntegers() throws {
        #expect(try Self.v("1.2.3.4") > Self.v("1.2.3"))
        #expect(try Self.v("1.2.3.10") > Self.v("1.2.3.9"))
        #expect(try Self.v("1.0.0.0") == Self.v("1"))
        #expect(try Self.v("1.0.0.0").hashValue == Self.v("1").hashValue)
        #expect(try Self.v("2") > Self.v("1.99.99.99.99"))
        #expect(try Self.v("1.2.3.4").components == ["1", "2", "3", "4"])
    }

    @Test func textOrderPutsMalformedBelowAndKeepsTheirOrder() {
        let builds = ["9c8e08b", "1.9", "1.10", "abc", "1.10.0"]
        #expect(builds.max(by: VersionNumber.textOrder) == "1.10", "ties keep the first")
        #expect(["9c8e08b", "abc"].max(by: VersionNumber.textOrder) == "9c8e08b", "malformed ones have no order")
        #expect(VersionNumber.textOrder("abc", "1"))
        #expect(!VersionNumber.textOrder("1", "abc"))
    }
}
