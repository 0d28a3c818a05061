import CLibgit2

extension ObjectID {
    /// The id git gives `bytes` as a blob (SHA-1 of `blob <size>\0` and the bytes), without
    /// a repository and without storing anything: a checksum with git's own hash.
    public static func ofBlob(_ bytes: [UInt8]) -> ObjectID? {
        var oid = git_oid()
        let status = bytes.withUnsafeBytes { raw -> Int32 in
            // The empty buffer has no base address; hash a valid pointer with length 0.
            var empty: UInt8 = 0
            guard let base = raw.baseAddress else { return git_odb_hash(&oid, &empty, 0, GIT_OBJECT_BLOB) }
            return git_odb_hash(&oid, base, raw.count, GIT_OBJECT_BLOB)
        }
        return status == 0 ? ObjectID(oid) : nil
    }
}
