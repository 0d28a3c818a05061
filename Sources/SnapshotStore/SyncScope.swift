import Git

/// Which references a sync fetches and pushes.
public struct SyncScope: Sendable {
    /// One app (its branches and version tags), or nil for every branch and tag.
    public var app: String?
    /// Further tags to carry (user tags given when recording).
    public var extraTags: [String]

    public init(app: String? = nil, extraTags: [String] = []) {
        self.app = app
        self.extraTags = extraTags
    }

    func includesBranch(_ name: String) -> Bool {
        guard name.hasPrefix(RefNames.headsPrefix) else { return false }
        guard let app else { return true }
        return name.hasPrefix(RefNames.headsPrefix + RefNames.escapeComponent(app) + "/")
    }

    func includesTag(_ name: String) -> Bool {
        guard name.hasPrefix(RefNames.tagsPrefix), !name.hasSuffix("^{}") else { return false }
        guard let app else { return true }
        let short = String(name.dropFirst(RefNames.tagsPrefix.count))
        return short.hasPrefix(RefNames.escapeComponent(app) + "@") || extraTags.contains(short)
    }

    /// Fetch refspecs that copy the remote's references in scope under `namespace`.
    func refspecs(namespace: String) -> [String] {
        guard let app else {
            return ["+refs/heads/*:\(namespace)/heads/*", "+refs/tags/*:\(namespace)/tags/*"]
        }
        let escaped = RefNames.escapeComponent(app)
        return ["+refs/heads/\(escaped)/*:\(namespace)/heads/\(escaped)/*",
                "+refs/tags/\(escaped)@*:\(namespace)/tags/\(escaped)@*"]
            + extraTags.map { "+refs/tags/\($0):\(namespace)/tags/\($0)" }
    }
}
