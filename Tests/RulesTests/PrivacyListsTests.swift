import PropertyLists
import Testing
@testable import Rules

/// The data files of Apple's lists are read completely, and a manifest is judged by them.
@Suite struct PrivacyListsTests {
    @Test func requiredReasonCategoriesAreApples() {
        let byName = Dictionary(uniqueKeysWithValues: PrivacyLists.categories.map { ($0.name, $0) })
        #expect(byName.count == 5)
        #expect(byName["NSPrivacyAccessedAPICategoryFileTimestamp"]?.reasons == ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"])
        #expect(byName["NSPrivacyAccessedAPICategorySystemBootTime"]?.reasons == ["35F9.1", "8FFB.1", "3D61.1"])
        #expect(byName["NSPrivacyAccessedAPICategoryDiskSpace"]?.reasons == ["85F4.1", "E174.1", "7D9E.1", "B728.1"])
        #expect(byName["NSPrivacyAccessedAPICategoryActiveKeyboards"]?.reasons == ["3EC4.1", "54BD.1"])
        #expect(byName["NSPrivacyAccessedAPICategoryUserDefaults"]?.reasons == ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"])
        #expect(byName["NSPrivacyAccessedAPICategoryDiskSpace"]?.symbols.contains("_statvfs") == true)
        #expect(byName["NSPrivacyAccessedAPICategoryUserDefaults"]?.symbols == ["_OBJC_CLASS_$_NSUserDefaults"])
    }

    @Test func importedSymbolsNameTheirCategories() {
        let used = PrivacyLists.categories(importedBy: ["_mach_absolute_time", "_malloc", "_stat", "_lstat"])
        #expect(used.map(\.0.name) == ["NSPrivacyAccessedAPICategoryFileTimestamp", "NSPrivacyAccessedAPICategorySystemBootTime"])
        #expect(used.first?.1 == ["_lstat", "_stat"])
    }

    @Test func listedSDKsIncludeBothNamesOfOneEntry() {
        #expect(PrivacyLists.listedSDKs.count == 87)
        for name in ["FBSDKCoreKit", "BoringSSL", "openssl_grpc", "webview_flutter_wkwebview", "Flutter"] {
            #expect(PrivacyLists.listedSDKs.contains(name), "\(name)")
        }
        #expect(!PrivacyLists.listedSDKs.contains("# Format:"))
    }

    @Test func manifestProblemsNameTheirCodes() {
        let root = PlistValue.dictionary(PlistDictionary([
            ("NSPrivacyAccessedAPITypes", .array([
                PrivacyManifestInvalidRule.api("NSPrivacyAccessedAPICategoryDiskSpace", ["CA92.1", "E174.1"]),
                PrivacyManifestInvalidRule.api("UserDefaults", ["CA92.1"]),
            ])),
        ]))
        let m = PrivacyManifest(.decoded(PlistDocument(format: .xml, root: root)))
        #expect(m.problems.map(\.code) == ["ITMS-91055", "ITMS-91054"])
        #expect(m.declaresValidly(PrivacyLists.category(named: "NSPrivacyAccessedAPICategoryDiskSpace")!))
        #expect(!m.declaresValidly(PrivacyLists.category(named: "NSPrivacyAccessedAPICategoryUserDefaults")!))
    }
}
