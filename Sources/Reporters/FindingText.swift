import Rules
import TextSafety

/// A finding as one line of plain text for CI systems that show a message and little
/// else (GitHub annotations, GitLab Code Quality, JUnit): the bundle, the message, the
/// paths and the flags, every hidden character made visible (`VisibleText`).
enum FindingText {
    /// `com.example.app: message (path, path) [new, accepted in baseline]`.
    static func line(_ f: Finding, bundle: Bool = true, paths: Bool = true) -> String {
        var flags: [String] = []
        if let isNew = f.isNew { flags.append(isNew ? "new" : "existing") }
        if f.isAccepted { flags.append("accepted in baseline") }
        var text = bundle && !f.bundle.isEmpty ? VisibleText.escape(f.bundle) + ": " : ""
        text += VisibleText.escape(f.message)
        if paths && !f.paths.isEmpty { text += " (" + f.paths.map(\.description).joined(separator: ", ") + ")" }
        if !flags.isEmpty { text += " [" + flags.joined(separator: ", ") + "]" }
        return text
    }

    /// What the rule's fingerprint names, after `<rule id>|<bundle>|`: the finding's own
    /// subject (a table and key, a file, a version pair), stable from build to build.
    static func subject(_ f: Finding) -> String {
        let prefix = Finding.fingerprint(ruleID: f.ruleID, bundle: f.bundle, subject: "")
        return f.fingerprint.hasPrefix(prefix) ? String(f.fingerprint.dropFirst(prefix.count)) : f.fingerprint
    }
}
