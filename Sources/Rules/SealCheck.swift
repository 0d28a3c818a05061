import BundleModel
import CodeSigning
import PropertyLists

/// The shared part of the `seal.*` rules: each bundle's seal evaluated
/// (`SealEvaluator`), its discrepancies of some kinds turned into findings, and the
/// examples' signed build.
enum SealCheck {
    /// The App Store Connect code every broken seal predicts.
    static let code = "ITMS-90035"

    static func findings(in build: CheckContext, rule: RuleID, kinds: Set<SealDiscrepancy.Kind>,
                         cap: (SealDiscrepancy) -> Severity? = { _ in nil },
                         message: (SealDiscrepancy, String) -> String) -> [Finding] {
        var out: [Finding] = []
        let bundles = Dictionary(build.bundles.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for evaluation in build.sealEvaluations where evaluation.outcome == .evaluated {
            guard let bundle = bundles[evaluation.bundlePath] else { continue }
            let shipped = Self.isXCFrameworkSlice(bundle, build)
            for d in evaluation.discrepancies where kinds.contains(d.kind) && !(shipped && Self.isInterface(d.path, of: bundle)) {
                let rel = d.path.relative(to: bundle.path)?.description ?? d.path.description
                let severity = cap(d).map { build.severity(of: rule, atMost: $0) } ?? build.severity(of: rule)
                out.append(Finding(ruleID: rule, severity: severity, bundle: build.name(of: bundle),
                                   message: message(d, rel), paths: [d.path, evaluation.codeResourcesPath],
                                   subject: "\(d.kind.rawValue):\(rel)"))
            }
        }
        return out
    }

    /// Whether `bundle` is a framework inside an XCFramework: `xcodebuild -create-xcframework`
    /// removes its compiled `.swiftmodule` files after signing (unless
    /// `-allow-internal-distribution`), and Xcode strips its headers and modules and signs
    /// it again when it embeds it, so its interface files are no part of what ships.
    static func isXCFrameworkSlice(_ bundle: BundleInfo, _ build: CheckContext) -> Bool {
        var parent = bundle.parentPath
        while let path = parent, let outer = build.index.bundle(at: path) {
            if outer.kind == .xcframework { return true }
            parent = outer.parentPath
        }
        return false
    }

    /// Whether `path` lies in `bundle`'s `Headers/`, `PrivateHeaders/` or `Modules/`.
    static func isInterface(_ path: BundlePath, of bundle: BundleInfo) -> Bool {
        guard let first = path.relative(to: bundle.contentRoot)?.components.first else { return false }
        return ["Headers", "PrivateHeaders", "Modules"].contains { first.elementsEqual($0.utf8) }
    }

    /// What ends every seal message.
    static let consequence = "codesign --verify fails and App Store Connect rejects the upload (ITMS-90035, "
        + "a sealed resource is missing or invalid); sign again after the last change to the bundle"

    // MARK: Examples

    /// `Example.app` holding `files`, sealed over `sealed` (path → content at signing)
    /// with an iOS-style `rules2` (everything, `.lproj/` optional, Info.plist omitted).
    static func signedApp(files: [(String, String)], sealed: [(String, String)],
                          symlinks: [(String, String)] = [], nested: [String] = []) -> ExampleBuild {
        seal(ExampleBuild().bundle("Example.app", id: "com.example.app", version: "1", shortVersion: "1.0"),
             at: "Example.app", files: files, sealed: sealed, symlinks: symlinks, nested: nested)
    }

    /// `build` with the bundle at `root` holding `files`, sealed over `sealed` (as `signedApp`).
    static func seal(_ build: ExampleBuild, at root: String, files: [(String, String)], sealed: [(String, String)],
                     symlinks: [(String, String)] = [], nested: [String] = []) -> ExampleBuild {
        var build = build
        for (path, content) in files { build = build.file(root + "/" + path, content) }
        var files2 = PlistDictionary()
        for (path, content) in sealed {
            var entry = PlistDictionary([("hash2", .data(StandInDigest.digest(Array(content.utf8)).bytes))])
            if path.utf8.contains(".lproj/".utf8) { entry["optional"] = .boolean(true) }
            files2[path] = .dictionary(entry)
        }
        for (path, target) in symlinks { files2[path] = .dictionary(PlistDictionary([("symlink", .string(target))])) }
        for path in nested {
            files2[path] = .dictionary(PlistDictionary([("cdhash", .data([1, 2, 3])), ("requirement", .string("cdhash H\"010203\""))]))
        }
        let rules2 = PlistDictionary([
            ("^.*", .boolean(true)),
            (#"^.*\.lproj/"#, .dictionary(PlistDictionary([("optional", .boolean(true)), ("weight", .real(1000))]))),
            (#"^Info\.plist$"#, .dictionary(PlistDictionary([("omit", .boolean(true)), ("weight", .real(20))]))),
            (#"^(Frameworks|PlugIns)/"#, .dictionary(PlistDictionary([("nested", .boolean(true)), ("weight", .real(10))]))),
        ])
        return build.plist(root + "/_CodeSignature/CodeResources", .dictionary(PlistDictionary([
            ("files", .dictionary(PlistDictionary())), ("files2", .dictionary(files2)),
            ("rules", .dictionary(PlistDictionary([("^.*", .boolean(true))]))), ("rules2", .dictionary(rules2)),
        ])))
    }
}
