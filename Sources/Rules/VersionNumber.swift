/// A bundle version: 1–3 period-separated non-negative integers. Missing components are 0
/// and leading zeros are ignored, so `1.0` = `1` = `01.0.0` and `1.10` > `1.9`. Components
/// of any length compare exactly (as digit strings), so no input can overflow.
public struct VersionNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Normalised components, always three, without leading zeros (`"0"` for zero).
    public let components: [String]
    /// The text as written.
    public let text: String

    /// Parses `text`, or says why it is not a version number.
    public static func parse(_ text: String) -> Result<VersionNumber, VersionProblem> {
        if text.isEmpty { return .failure(VersionProblem(text: text, reason: "is empty")) }
        if text.contains(where: { $0.isWhitespace }) {
            return .failure(VersionProblem(text: text, reason: "contains whitespace"))
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 1, looksLikeHash(text) {
            return .failure(VersionProblem(text: text, reason: "looks like a commit hash, not period-separated integers"))
        }
        if parts.count > 3 {
            return .failure(VersionProblem(text: text, reason: "has \(parts.count) components (at most 3 integers allowed)"))
        }
        var normal: [String] = []
        for part in parts {
            if part.isEmpty { return .failure(VersionProblem(text: text, reason: "has an empty component")) }
            guard part.utf8.allSatisfy({ (48...57).contains($0) }) else {
                let why = part.hasPrefix("-") ? "a negative number or pre-release suffix" : "not a non-negative integer"
                return .failure(VersionProblem(text: text, reason: "component '\(part)' is \(why)"))
            }
            let trimmed = part.drop { $0 == "0" }
            normal.append(trimmed.isEmpty ? "0" : String(trimmed))
        }
        while normal.count < 3 { normal.append("0") }
        return .success(VersionNumber(components: normal, text: text))
    }

    private init(components: [String], text: String) {
        self.components = components
        self.text = text
    }

    /// Parses `text`, nil when malformed.
    public init?(_ text: String) {
        guard case .success(let v) = Self.parse(text) else { return nil }
        self = v
    }

    public var description: String { text }

    public static func == (a: VersionNumber, b: VersionNumber) -> Bool { a.components == b.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }

    public static func < (a: VersionNumber, b: VersionNumber) -> Bool {
        for (x, y) in zip(a.components, b.components) where x != y {
            return x.count != y.count ? x.count < y.count : x < y
        }
        return false
    }

    private static func looksLikeHash(_ s: String) -> Bool {
        s.utf8.count >= 7 && s.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }
            && s.utf8.contains { !(48...57).contains($0) }
    }
}

/// Why a version string is not 1–3 non-negative integers.
public struct VersionProblem: Error, Sendable, Hashable {
    public var text: String
    public var reason: String

    /// Whether the only problem is having more than three components.
    public var isTooManyComponents: Bool { reason.hasPrefix("has ") && reason.contains("components") }
}
