import PropertyLists

/// One `files2` value of a seal: how a path was sealed (Apple's `ResourceSeal`).
public enum SealEntry: Equatable, Sendable {
    /// A file, by content; `sha256` is `hash2` (nil when the entry has only SHA-1 `hash`).
    case file(sha256: [UInt8]?, optional: Bool)
    /// A symbolic link, by its target.
    case symlink(target: String, optional: Bool)
    /// Nested code, by its designated requirement (and code-directory hash).
    case nested(requirement: String, optional: Bool)
    /// Neither: Apple treats the seal as invalid (`errSecCSResourcesInvalid`).
    case malformed(String)

    public init(_ value: PlistValue) {
        switch value {
        case .data:
            self = .file(sha256: nil, optional: false)
        case .dictionary(let d):
            let optional = d["optional"] == .boolean(true)
            if let requirement = d["requirement"] {
                guard let text = requirement.stringValue else {
                    self = .malformed("requirement is \(requirement.typeNameWithArticle)")
                    return
                }
                self = .nested(requirement: text, optional: optional)
            } else if let link = d["symlink"] {
                guard let target = link.stringValue else {
                    self = .malformed("symlink is \(link.typeNameWithArticle)")
                    return
                }
                self = .symlink(target: target, optional: optional)
            } else if case .data(let digest)? = d["hash2"] {
                guard digest.count == 32 else {
                    self = .malformed("hash2 is \(digest.count) bytes, not 32")
                    return
                }
                self = .file(sha256: digest, optional: optional)
            } else if case .data? = d["hash"] {
                self = .file(sha256: nil, optional: optional)
            } else {
                self = .malformed("no hash2, hash, symlink or requirement")
            }
        default:
            self = .malformed("\(value.typeNameWithArticle), not a dictionary")
        }
    }

    /// Whether the file may be missing.
    public var isOptional: Bool {
        switch self {
        case .file(_, let o), .symlink(_, let o), .nested(_, let o): o
        case .malformed: false
        }
    }
}
