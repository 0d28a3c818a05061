import BundleModel
import MachO
import PropertyLists
import Testing
@testable import Rules

/// The linked-library, rpath and usage-description rules on built fixtures: what each
/// message says, when slices disagree, and when the rules stay silent.
@Suite struct LinkChangeRuleTests {
    static let zlib = "/usr/lib/libz.1.dylib"
    static let kit = "@rpath/Kit.framework/Kit"

    static func fat(_ slices: [MachOSlice]) -> ExampleBuild { BinaryPairs.app(slices) }

    @Test func oneFindingListsEveryLibraryChange() {
        let found = findings(of: .librariesChanged, RuleExample(
            "", old: Self.fat([LinkChanges.slice(load: [Self.zlib, Self.kit])]),
            new: Self.fat([LinkChanges.slice(load: ["/usr/lib/libc++.1.dylib"], weak: [Self.zlib])])))
        #expect(found.map(\.message) == ["Example links 3 libraries differently: newly linked: /usr/lib/libc++.1.dylib; "
            + "dropped: @rpath/Kit.framework/Kit; load → weak: /usr/lib/libz.1.dylib"])
        #expect(found.first?.severity == .info)
        #expect(found.first?.bundle == "com.example.app")
    }

    @Test func slicesThatDisagreeAreNamedPerArchitecture() {
        let old = Self.fat([LinkChanges.slice(load: [Self.zlib]), LinkChanges.slice(.x86_64, load: [Self.zlib])])
        let new = Self.fat([LinkChanges.slice(weak: [Self.zlib]), LinkChanges.slice(.x86_64, load: [Self.zlib])])
        let found = findings(of: .librariesChanged, RuleExample("", old: old, new: new))
        #expect(found.map(\.message) == ["Example links 1 library differently: load → weak on arm64, load on x86_64: "
            + "/usr/lib/libz.1.dylib"])
    }

    /// A library only one slice linked, dropped: the message says which slice had it
    /// (Qt's `libobjc` on arm64 only).
    @Test func aDroppedLibraryOfOneSliceNamesIt() {
        let old = Self.fat([LinkChanges.slice(load: [Self.zlib]), LinkChanges.slice(.x86_64)])
        let new = Self.fat([LinkChanges.slice(), LinkChanges.slice(.x86_64)])
        let found = findings(of: .librariesChanged, RuleExample("", old: old, new: new))
        #expect(found.map(\.message) == ["Example links 1 library differently: dropped: /usr/lib/libz.1.dylib (was load on arm64)"])
    }

    /// An iOS app whose arm64 slice links a framework embedded with its simulator slice
    /// only, and a dylib found by its name: each missing slice is named once per file.
    @Test func anEmbeddedLibraryWithoutTheLoadersSliceIsAnError() {
        let build = ExampleBuild()
            .bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
            .binary("Example.app/Example", MachOFile(container: .thin, slices: [
                LinkChanges.slice(load: ["@rpath/Kit.framework/Kit", "@rpath/libcore.dylib", Self.zlib])]))
            .bundle("Example.app/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit",
                    info: [("CFBundleExecutable", .string("Kit"))])
            .binary("Example.app/Frameworks/Kit.framework/Kit", MachOFile(container: .thin, slices: [
                ExampleBuild.slice(.x86_64, platform: .iOSSimulator)]))
            .binary("Example.app/Frameworks/libcore.dylib", MachOFile(container: .thin, slices: [ExampleBuild.slice()]))
        let found = findings(of: .linkedArchitectureMissing, RuleExample("", old: nil, new: build))
        #expect(found.map(\.paths) == [[BundlePath("Example.app/Example"), BundlePath("Example.app/Frameworks/Kit.framework/Kit")]])
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.hasPrefix("Example links Kit for arm64, but") == true, "\(found.map(\.message))")
    }

    /// A framework raised above its app's minimum is still offered to older systems, where
    /// it does not load: the message says that, not that users stop getting updates.
    @Test func aFrameworkRaisedAboveTheAppSaysItDoesNotLoad() {
        let found = findings(of: .minimumOSRaised, RuleExample("", old: MinimumOSRaisedRule.app(framework: 15),
                                                               new: MinimumOSRaisedRule.app(framework: 16)))
        #expect(found.map(\.message) == ["minimum iOS raised 15.0 → 16.0 (Kit): the app still installs from iOS 15.0, "
            + "where Kit (it needs 16.0) does not load"])
    }

    /// An arm64 simulator slice in a device build is named with its platform.
    @Test func anArm64SimulatorSliceIsNamedWithItsPlatform() {
        let found = findings(of: .unsupportedArchitecture, RuleExample("", old: nil, new: UnsupportedArchitectureRule.app(
            framework: [ExampleBuild.slice(), ExampleBuild.slice(platform: .iOSSimulator)])))
        #expect(found.map(\.message) == ["Frameworks/Kit.framework/Kit holds arm64 (iOSSimulator) in a device build: "
            + "strip the simulator and Intel slices (ITMS-90087)"])
    }

    @Test func anAddedArchitectureIsNotALibraryChange() {
        let found = findings(of: .librariesChanged, RuleExample(
            "", old: Self.fat([LinkChanges.slice(load: [Self.zlib])]),
            new: Self.fat([LinkChanges.slice(load: [Self.zlib]), LinkChanges.slice(.x86_64, load: [Self.kit])])))
        #expect(found.isEmpty)
    }

    @Test func nestedBinariesAtTheSamePathAreCompared() {
        func build(_ libs: [String]) -> ExampleBuild {
            Self.fat([LinkChanges.slice()]).bundle("Example.app/Frameworks/Kit.framework", kind: .framework, id: "com.example.kit",
                                                  info: [("CFBundleExecutable", .string("Kit"))])
                .binary("Example.app/Frameworks/Kit.framework/Kit", MachOFile(container: .thin, slices: [LinkChanges.slice(load: libs)]))
        }
        let found = findings(of: .librariesChanged, RuleExample("", old: build([]), new: build([Self.zlib])))
        #expect(found.count == 1)
        #expect(found.first?.paths == [BundlePath("Example.app/Frameworks/Kit.framework/Kit")])
    }

    @Test func rpathChangesSayAddedRemovedAndOrder() {
        let a = "@executable_path/Frameworks", b = "@loader_path/Frameworks", c = "/usr/lib/swift"
        func rpaths(_ old: [String], _ new: [String]) -> [String] {
            findings(of: .rpathsChanged, RuleExample("", old: Self.fat([LinkChanges.slice(rpaths: old)]),
                                                     new: Self.fat([LinkChanges.slice(rpaths: new)]))).map(\.message)
        }
        #expect(rpaths([a, b], [b, a]) == ["Example rpaths changed: order \(a), \(b) → \(b), \(a)"])
        #expect(rpaths([a], [c, a]) == ["Example rpaths changed: added: \(c)"])
        #expect(rpaths([a, b], [a]) == ["Example rpaths changed: removed: \(b)"])
        #expect(rpaths([a, b], [c, b, a]) == ["Example rpaths changed: added: \(c); order \(a), \(b) → \(c), \(b), \(a)"])
        #expect(rpaths([a, b], [a, b]).isEmpty)
    }

    @Test func rpathsPerArchitectureWhenSlicesDisagree() {
        let a = "@executable_path/Frameworks", b = "@loader_path/Frameworks"
        let found = findings(of: .rpathsChanged, RuleExample(
            "", old: Self.fat([LinkChanges.slice(rpaths: [a]), LinkChanges.slice(.x86_64, rpaths: [a])]),
            new: Self.fat([LinkChanges.slice(rpaths: [a, b]), LinkChanges.slice(.x86_64, rpaths: [a])])))
        #expect(found.map(\.message) == ["Example rpaths changed: on arm64: added: \(b)"])
    }

    // MARK: usage descriptions

    static let location = "/System/Library/Frameworks/CoreLocation.framework/CoreLocation"
    static let manager = "_OBJC_CLASS_$_CLLocationManager"

    static func app(_ slice: MachOSlice, kind: BundleInfo.Kind = .app, info: [(String, PlistValue)] = []) -> ExampleBuild {
        ExampleBuild().bundle("Example.app", kind: kind, id: "com.example.app",
                              info: [("CFBundleExecutable", .string("Example"))] + info)
            .binary("Example.app/Example", MachOFile(container: .thin, slices: [slice]))
    }

    @Test func anyOneLocationKeySuffices() {
        let new = LinkChanges.slice(platform: .iOSSimulator, load: [Self.location], imports: [Self.manager])
        let missing = findings(of: .usageDescriptionMissing, RuleExample("", old: Self.app(LinkChanges.slice()), new: Self.app(new)))
        #expect(missing.count == 1)
        #expect(missing.first?.message.contains("any of NSLocationWhenInUseUsageDescription") == true)
        #expect(missing.first?.severity == .warning)
        let present = findings(of: .usageDescriptionMissing, RuleExample(
            "", old: Self.app(LinkChanges.slice()),
            new: Self.app(new, info: [("NSLocationAlwaysAndWhenInUseUsageDescription", .string("Maps"))])))
        #expect(present.isEmpty)
    }

    @Test func frameworksAreNotJudged() {
        let new = LinkChanges.slice(load: [Self.location], imports: [Self.manager])
        let found = findings(of: .usageDescriptionMissing, RuleExample(
            "", old: Self.app(LinkChanges.slice(), kind: .framework), new: Self.app(new, kind: .framework)))
        #expect(found.isEmpty)
    }

    @Test func oneWarningPerMissingKey() {
        let bluetooth = "/System/Library/Frameworks/CoreBluetooth.framework/CoreBluetooth"
        let new = LinkChanges.slice(load: [Self.location], weak: [bluetooth],
                                    imports: [Self.manager, "_OBJC_CLASS_$_CBCentralManager", "_OBJC_CLASS_$_CBPeripheralManager"])
        let found = findings(of: .usageDescriptionMissing, RuleExample("", old: Self.app(LinkChanges.slice()), new: Self.app(new)))
        #expect(found.count == 2)
        #expect(Set(found.map(\.fingerprint)).count == 2)
    }

    @Test func theTableNamesASourceAndKeysForEveryRow() {
        let rows = UsageDescriptionTable.requirements
        #expect(rows.count == 9)
        for row in rows {
            #expect(!row.keys.isEmpty && !row.symbols.isEmpty && !row.platforms.isEmpty, "\(row.framework)")
            #expect(row.source.hasPrefix("https://developer.apple.com/documentation/bundleresources/"), "\(row.framework)")
            #expect(row.keys.allSatisfy { $0.hasPrefix("NS") && $0.hasSuffix("UsageDescription") }, "\(row.framework)")
        }
        #expect(!rows.contains { ["EventKit", "Photos", "PhotosUI", "AVFoundation", "ContactsUI"].contains($0.framework) })
    }

    @Test func systemFrameworkNames() {
        #expect(UsageDescriptionTable.systemFramework("/System/Library/Frameworks/Contacts.framework/Contacts") == "Contacts")
        #expect(UsageDescriptionTable.systemFramework(
            "/System/Library/Frameworks/Speech.framework/Versions/A/Speech") == "Speech")
        #expect(UsageDescriptionTable.systemFramework("@rpath/Contacts.framework/Contacts") == nil)
        #expect(UsageDescriptionTable.systemFramework("/System/Library/Frameworks/.framework/X") == nil)
        #expect(UsageDescriptionTable.systemFramework("/usr/lib/libz.1.dylib") == nil)
    }
}

extension LinkChangeRuleTests {
    /// A static library that became a dynamic framework links its libraries for the first
    /// time: that is not "newly linked" (the app linked them for the archive before).
    @Test func aStaticLibraryThatBecameADylibIsNotCompared() {
        let archive = MachOSlice(cpu: .arm64, is64Bit: true, fileType: nil)
        let found = findings(of: .librariesChanged, RuleExample(
            "", old: Self.fat([archive]), new: Self.fat([LinkChanges.slice(load: [Self.zlib], rpaths: ["@loader_path"])])))
        #expect(found.isEmpty)
        #expect(findings(of: .rpathsChanged, RuleExample(
            "", old: Self.fat([archive]), new: Self.fat([LinkChanges.slice(rpaths: ["@loader_path"])]))).isEmpty)
    }
}
