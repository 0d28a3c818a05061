import BundleModel
import MachO
import PropertyLists

extension EntitlementsChangedRule {
    /// What the profile findings already said, per new bundle path and label: the old and new values.
    typealias ProfileSaid = [BundlePath: [String: (old: Set<String>, new: Set<String>)]]

    /// The signed entitlements of a matched bundle's main executable, old and new.
    struct SignedPair {
        let name: String
        let path: BundlePath
        /// The new bundle the executable is in.
        let bundle: BundlePath?
        let before: PlistDictionary
        let after: PlistDictionary
    }

    /// The signed entitlements of each matched bundle's main executable, where both are known.
    static func signedPairs(in context: RuleContext) -> [SignedPair] {
        BinaryPairs.pairs(context).compactMap { p in
            guard let signatures = BinaryPairs.signatures(p.old, p.new),
                  let before = signedEntitlements(signatures.old), let after = signedEntitlements(signatures.new)
            else { return nil }
            return SignedPair(name: p.name, path: p.path, bundle: context.newIndex.owner(of: p.path)?.path,
                              before: before, after: after)
        }
    }

    /// Entitlements signed into each bundle's main executable (the XML blob of the code
    /// signature), compared key by key: the watched ones at the rule's severity unless the
    /// profile findings said the same, every other key added, removed or changed as information.
    static func signatureFindings(_ signed: [SignedPair], in context: RuleContext, profileSaid: ProfileSaid) -> [Finding] {
        var out: [Finding] = []
        for p in signed {
            let before = p.before, after = p.after
            let said = p.bundle.flatMap { profileSaid[$0] } ?? [:]
            let place = "in the signature of \(p.path.nameString)"
            for (label, keys) in watched {
                let a = values(before, keys), b = values(after, keys)
                guard a != b else { continue }
                if let s = said[label], s.old == a, s.new == b { continue }
                out.append(Finding(ruleID: .entitlementsChanged, severity: context.severity(of: .entitlementsChanged),
                                   bundle: p.name,
                                   message: "\(label) changed \(place): \(changeText(a, b)); make sure users' data, "
                                       + "links and notifications follow",
                                   paths: [p.path], subject: "signature|\(label)"))
            }
            let watchedKeys = Set(watched.flatMap(\.keys))
            let parts = otherChanges(before, after, skipping: watchedKeys)
            guard !parts.isEmpty else { continue }
            out.append(Finding(ruleID: .entitlementsChanged,
                               severity: context.severity(of: .entitlementsChanged, atMost: .info), bundle: p.name,
                               message: "entitlements changed \(place): \(parts.joined(separator: "; "))",
                               paths: [p.path], subject: "signature"))
        }
        return out
    }

    /// The signed entitlements: the decoded XML blob (the DER one when there is no XML); none
    /// (empty) for a certificate signature without either; nil when unknown (an ad hoc
    /// signature without one, or a blob that did not decode).
    static func signedEntitlements(_ signature: MachOCodeSignature) -> PlistDictionary? {
        if let claimed = signature.signedEntitlements { return claimed }
        let hasBlob = signature.entitlementsXML != nil || signature.entitlementsDER != nil
        return !hasBlob && BecameAdHocRule.isCertificateSigned(signature) ? PlistDictionary() : nil
    }

    /// Keys added, removed and changed outside `skipping`, as message parts.
    static func otherChanges(_ a: PlistDictionary, _ b: PlistDictionary, skipping: Set<String>) -> [String] {
        let added = b.keys.filter { a[$0] == nil && !skipping.contains($0) }.sorted()
        let removed = a.keys.filter { b[$0] == nil && !skipping.contains($0) }.sorted()
        var changed: [String] = []
        for key in a.keys.sorted() where !skipping.contains(key) {
            guard let x = a[key], let y = b[key], !same(x, y) else { continue }
            changed.append("'\(key)' \(short(x)) → \(short(y))")
        }
        var parts: [String] = []
        if !added.isEmpty { parts.append("added " + added.map { "'\($0)'" }.joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("removed " + removed.map { "'\($0)'" }.joined(separator: ", ")) }
        if !changed.isEmpty { parts.append("changed " + changed.joined(separator: ", ")) }
        return parts
    }

    /// Equal values, dictionaries compared without regard to key order.
    static func same(_ a: PlistValue, _ b: PlistValue) -> Bool {
        switch (a, b) {
        case (.dictionary(let x), .dictionary(let y)):
            return Set(x.keys) == Set(y.keys) && x.keys.allSatisfy { k in x[k].flatMap { v in y[k].map { same(v, $0) } } ?? false }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        default:
            return a == b
        }
    }

    /// A value for a message, cut to 80 characters.
    static func short(_ value: PlistValue) -> String {
        let text = PlistText.render(value)
        return text.count <= 80 ? text : String(text.prefix(79)) + "…"
    }

    /// An app with `CFBundleExecutable`, an embedded profile granting `profile` extras, and
    /// an executable whose certificate signature carries `signed`.
    static func signedApp(profile: [(String, PlistValue)] = [], signed: [(String, PlistValue)]) -> ExampleBuild {
        var slice = BecameAdHocRule.signed(.certificate)
        slice.codeSignature?.entitlementsXML = .value(.dictionary(PlistDictionary(signed)))
        let grants = PlistDictionary([("Name", .string("Example")), ("Entitlements", .dictionary(PlistDictionary(profile)))])
        return ExampleBuild().bundle("Example.app", id: "com.example.app", info: [("CFBundleExecutable", .string("Example"))])
            .plist("Example.app/embedded.mobileprovision", .dictionary(grants))
            .binary("Example.app/Example", MachOFile(container: .thin, slices: [slice]))
    }
}
