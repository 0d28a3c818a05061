import TextSafety
/// How to record one build.
public struct RecordOptions: Sendable {
    /// The history line, e.g. `main`, `beta`, `appstore` (`refs/heads/<app>/<channel>`).
    public var channel: String
    /// A free-form label kept in the commit message.
    public var label: String?
    /// Extra tags (`refs/tags/<name>`); an existing one is refused before anything is written.
    public var userTags: [String]
    /// When the build was recorded, in seconds since 1970 (UTC); the commit time.
    public var recordedAt: Int64
    /// The bundlediff version, kept in the commit message.
    public var toolVersion: String
    /// Record a new commit even when the tip of the channel already holds the same tree.
    public var allowDuplicate: Bool
    /// For a data container: the app build it belongs to (its version and build go into
    /// the commit message). Nil for builds, and for containers whose build is unknown.
    public var appBuild: RecordedBuild?

    public init(channel: String = "main", label: String? = nil, userTags: [String] = [],
                recordedAt: Int64, toolVersion: String, allowDuplicate: Bool = false) {
        self.channel = channel
        self.label = label
        self.userTags = userTags
        self.recordedAt = recordedAt
        self.toolVersion = toolVersion
        self.allowDuplicate = allowDuplicate
    }

    /// What is wrong with the channel or tag names, nil when they are fine: checked before
    /// anything is read or written.
    public var problem: String? {
        if let problem = Self.channelProblem(channel) { return problem }
        if let bad = userTags.first(where: { !RefNames.isValidUserTag($0) }) { return "invalid tag name \(VisibleText.quoted(bad))" }
        for tag in userTags {
            if let why = RefNames.storageProblem(RefNames.tagsPrefix + tag) { return "the tag name \(why)" }
        }
        if Set(userTags).count != userTags.count { return "the same tag is given twice" }
        return nil
    }

    /// What is wrong with a channel name, nil when it is fine.
    public static func channelProblem(_ channel: String) -> String? {
        RefNames.isValidChannel(channel) ? nil : "invalid channel name \(VisibleText.quoted(channel)): use letters, digits, '.', '_' and '-'"
    }
}

/// What a recording did.
public struct RecordResult: Sendable, Hashable {
    /// The recorded build (the existing one when `wasAlreadyRecorded`).
    public var build: RecordedBuild
    /// The branch reference moved (or found), e.g. `refs/heads/com.example.app/main`.
    public var ref: String
    /// Tags created now (short names); empty when every tag already existed.
    public var tagsWritten: [String]
    /// The version tag naming this commit (`<id>@<short>+<build>` or `…#n`), if any.
    public var versionTag: String?
    /// True when `<id>@<short>+<build>` already named another commit, so `#n` was used.
    public var versionTagCollided: Bool
    /// True when the tip of the channel already held this exact tree (no new commit).
    public var wasAlreadyRecorded: Bool
    /// Compare-and-swap attempts lost to concurrent writers before succeeding.
    public var retries: Int
}
