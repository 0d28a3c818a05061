import BundleModel
import PropertyLists

/// Info.plist values whose form Apple's documents fix: package type per bundle kind,
/// a four-character signature, `NSMainNibFile` without `.nib`, non-empty usage descriptions.
public struct InfoPlistValuesRule: CheckRule {
    public init() {}

    public static let description = RuleDescription(
        id: .infoPlistValues, name: "Info.plist value of the wrong form", defaultSeverity: .warning,
        rationale: "bundle-rules.md §7: CFBundlePackageType says what the bundle is (APPL for apps, FMWK for "
            + "frameworks, XPC! for extensions and XPC services, BNDL for bundles, plug-ins and tests); "
            + "CFBundleSignature is four characters; NSMainNibFile names a nib without its .nib extension; an "
            + "NS…UsageDescription shown to the user asking for a permission must say why, so it is never empty "
            + "(App Review refuses empty purpose strings).",
        triggeringExamples: [
            RuleExample("framework typed as an app", old: nil, new: ExampleBuild().bundle("Example.app", id: "com.example.app")
                .bundle("Example.app/Frameworks/Core.framework", kind: .framework, id: "com.example.core",
                        info: [("CFBundlePackageType", .string("APPL"))])),
            RuleExample("five-character signature", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", layout: .contents, info: [("CFBundleSignature", .string("ABCDE"))])),
            RuleExample("nib extension", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", info: [("NSMainNibFile", .string("MainWindow.nib"))])),
            RuleExample("empty camera purpose", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app", info: [("NSCameraUsageDescription", .string(" "))])),
        ],
        nonTriggeringExamples: [
            RuleExample("well-formed values", old: nil, new: ExampleBuild()
                .bundle("Example.app", id: "com.example.app",
                        info: [("CFBundlePackageType", .string("APPL")), ("CFBundleSignature", .string("????")),
                               ("NSMainNibFile", .string("MainWindow")),
                               ("NSCameraUsageDescription", .string("Scan receipts"))])
                .bundle("Example.app/PlugIns/Share.appex", kind: .appex, id: "com.example.app.share",
                        info: [("CFBundlePackageType", .string("XPC!"))])),
        ])

    static let packageTypes: [BundleInfo.Kind: Set<String>] = [
        .app: ["APPL"], .framework: ["FMWK"], .appex: ["XPC!"], .xpc: ["XPC!"], .bundle: ["BNDL"],
        .xctest: ["BNDL"], .plugin: ["BNDL"], .kext: ["KEXT"], .xcframework: ["XFWK"],
    ]

    public func findings(in build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for b in build.bundles {
            guard let info = build.info(of: b) else { continue }
            func add(_ message: String, _ subject: String) {
                out.append(Finding(ruleID: .infoPlistValues, severity: build.severity(of: .infoPlistValues),
                                   bundle: build.name(of: b), message: message, paths: [b.infoPlistPath], subject: subject))
            }
            if let type = info["CFBundlePackageType"]?.stringValue, let allowed = Self.packageTypes[b.kind],
               !allowed.contains(type), !type.holdsBuildSetting {
                add("CFBundlePackageType '\(type)' does not match a .\(b.kind.rawValue) (\(allowed.sorted().joined(separator: ", ")))",
                    "CFBundlePackageType")
            }
            if let signature = info["CFBundleSignature"]?.stringValue, signature.unicodeScalars.count != 4,
               !signature.holdsBuildSetting {
                add("CFBundleSignature '\(signature)' is not four characters", "CFBundleSignature")
            }
            for key in ["NSMainNibFile", "NSMainNibFile~ipad"] {
                if let nib = info[key]?.stringValue, nib.lowercased().hasSuffix(".nib") {
                    add("\(key) '\(nib)' names the nib with its extension; write it without '.nib'", key)
                }
            }
            for (key, value) in info.entries where key.hasPrefix("NS") && key.hasSuffix("UsageDescription") {
                if let text = value.stringValue, !text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }) { continue }
                add("\(key) is \(value.stringValue == nil ? value.typeNameWithArticle : "empty"): "
                    + "the permission prompt must say why the app asks", key)
            }
        }
        return out
    }
}
