import Rules

/// ANSI colour for the terminal report: severities red, yellow and blue, the verdict
/// green or red. Disabled, every function returns its text unchanged, so uncoloured
/// output is byte for byte what the example reports show.
struct TextStyle {
    var enabled: Bool

    func severity(_ severity: Severity, _ text: String) -> String {
        switch severity {
        case .error: paint(text, "31")
        case .warning: paint(text, "33")
        case .info: paint(text, "34")
        }
    }

    func verdict(passed: Bool, _ text: String) -> String { paint(text, passed ? "32" : "31") }

    private func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }
}
