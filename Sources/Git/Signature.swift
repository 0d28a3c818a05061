/// Who made a commit and when: a name, an email, seconds since 1970 and a UTC offset.
public struct Signature: Hashable, Sendable {
    public var name: String
    public var email: String
    /// Seconds since 1970-01-01T00:00:00Z.
    public var time: Int64
    /// Minutes east of UTC.
    public var offsetMinutes: Int32

    public init(name: String, email: String, time: Int64, offsetMinutes: Int32 = 0) {
        self.name = name
        self.email = email
        self.time = time
        self.offsetMinutes = offsetMinutes
    }
}

/// A commit as read from the repository.
public struct Commit: Hashable, Sendable {
    public var id: ObjectID
    public var tree: ObjectID
    public var parents: [ObjectID]
    /// The raw message (its bytes, decoded as UTF-8 with repair).
    public var message: String
    public var author: Signature
    public var committer: Signature
}
