import BundleModel

extension ContentPlacementRule {
    static let mobileProfile = "embedded.mobileprovision"
    static let macProfile = "embedded.provisionprofile"
    static let privacyManifest = "PrivacyInfo.xcprivacy"
    /// Provisioning profiles and privacy manifests outside the place their bundle's
    /// platform reads them from.
    func fileFindings(_ build: CheckContext) -> [Finding] {
        var out: [Finding] = []
        for e in build.index.entries(mayBeNamed: [Self.mobileProfile, Self.macProfile, Self.privacyManifest])
            where e.kind == .file {
            let name = e.path.nameString
            guard name == Self.mobileProfile || name == Self.macProfile || name == Self.privacyManifest,
                  let owner = build.index.owner(of: e.path), owner.kind != .xcframework, owner.kind != .other,
                  !insideLooseBundle(e.path, owner: owner) else { continue }
            if name == Self.privacyManifest {
                let expected = owner.resourcesPath.appending(name)
                guard e.path != expected else { continue }
                out.append(finding(e, owner, build, expected: expected, cap: .warning,
                                   why: "Apple reads a bundle's privacy manifest only there"))
                continue
            }
            guard owner.kind == .app || owner.kind == .appex else { continue }
            let expected = owner.layout == .flat ? owner.path.appending(Self.mobileProfile)
                : owner.contentRoot.appending(Self.macProfile)
            guard e.path != expected else { continue }
            out.append(finding(e, owner, build, expected: expected, cap: .error,
                               why: "the system and App Store Connect look for the profile only there"))
        }
        return out
    }

    /// Whether a folder between `owner` and `path` has a bundle's extension (a resource
    /// bundle recorded without an Info.plist).
    private func insideLooseBundle(_ path: BundlePath, owner: BundleInfo) -> Bool {
        guard let rel = path.relative(to: owner.path) else { return false }
        var folder = owner.path
        return rel.components.dropLast().contains { part in
            folder = folder.appending(part)
            return BundleScanner.kind(of: folder) != nil
        }
    }

    private func finding(_ e: FileEntry, _ owner: BundleInfo, _ build: CheckContext, expected: BundlePath, cap: Severity,
                         why: String) -> Finding {
        let at = e.path.relative(to: owner.path)?.description ?? e.path.description
        return Finding(
            ruleID: .contentPlacement, severity: build.severity(of: .contentPlacement, atMost: cap),
            bundle: build.name(of: owner),
            message: "'\(BundlePath(bytes: e.path.name).description)' is at \(at), not at "
                + "\(expected.relative(to: owner.path)?.description ?? expected.description): \(why)",
            paths: [e.path], subject: at)
    }
}
