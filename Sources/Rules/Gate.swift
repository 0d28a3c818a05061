/// The CI gate's decision: a pure function of the findings and the options.
public enum Gate {
    /// Exit status: 0 when no counted finding is at or above `failOn`, else 1.
    /// Accepted (baselined) findings never count; with `onlyNew`, findings the old build
    /// already had (`isNew == false`) do not count either.
    public static func exitStatus(for findings: [Finding], failOn: Severity, onlyNew: Bool) -> Int32 {
        failing(findings, failOn: failOn, onlyNew: onlyNew).isEmpty ? 0 : 1
    }

    /// The findings that make the gate fail.
    public static func failing(_ findings: [Finding], failOn: Severity, onlyNew: Bool) -> [Finding] {
        findings.filter { f in
            !f.isAccepted && f.severity >= failOn && !(onlyNew && f.isNew == false)
        }
    }
}
