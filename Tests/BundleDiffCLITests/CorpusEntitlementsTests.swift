import BundleModel
import BundleReading
import PropertyLists
import Rules
import Testing

/// `profile.entitlements-not-granted` on fastlane's very-capable-app, whose signature claims
/// 24 entitlements its development profile grants through every kind of pattern (`*`,
/// `TestFixture.*`, arrays, booleans): silent on the real build, and it notices a grant
/// taken out of the profile.
@Suite(Corpus.trait) struct CorpusEntitlementsTests {
    static let app = "bundles/fastlane-very-capable-app/2026-07-21_d5347690d4/ipas-extracted/very-capable-app/Payload/very-capable-app.app"
    static let profile = BundlePath("very-capable-app.app/embedded.mobileprovision")
    static let empty = BuildSnapshot(sourceKind: .directory, sourceName: "none", entries: [], plists: [:], bundles: [])

    func findings(_ snapshot: BuildSnapshot) -> [Finding] {
        RuleEngine.run(old: Self.empty, new: snapshot, only: [.entitlementsNotGranted])
    }

    /// `snapshot` with its profile's `Entitlements` changed by `edit`.
    func editing(_ snapshot: BuildSnapshot, _ edit: (inout PlistDictionary) -> Void) throws -> BuildSnapshot {
        var copy = snapshot
        var root = try #require(snapshot.plists[Self.profile]?.document?.root.dictionaryValue)
        var entitlements = try #require(root["Entitlements"]?.dictionaryValue)
        edit(&entitlements)
        root["Entitlements"] = .dictionary(entitlements)
        copy.plists[Self.profile] = .decoded(PlistDocument(format: .xml, root: .dictionary(root)))
        return copy
    }

    @Test func everySignedEntitlementIsGrantedAndARemovedGrantIsFound() throws {
        let snapshot = try BuildReader.read(path: try Corpus.path(Self.app))
        let executable = try #require(snapshot.machO[BundlePath("very-capable-app.app/very-capable-app")])
        let signed = executable.slices.compactMap { $0.codeSignature?.entitlementsXML?.value?.dictionaryValue }
        #expect(signed.first?.count == 24, "the rule has the signature's entitlements to judge")
        #expect(findings(snapshot).isEmpty, "\(findings(snapshot).map(\.message))")

        let noSiri = try editing(snapshot) { $0["com.apple.developer.siri"] = nil }
        #expect(findings(noSiri).map(\.fingerprint).contains { $0.hasSuffix("entitlement|com.apple.developer.siri") })
        #expect(findings(noSiri).count == 1)

        let otherTeam = try editing(snapshot) { $0["keychain-access-groups"] = .array([.string("OtherTeam.*")]) }
        #expect(findings(otherTeam).map(\.severity) == [.error])
    }
}
