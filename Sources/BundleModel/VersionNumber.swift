/// A bundle version as Apple compares it: one or more period-separated non-negative
/// integers, compared component by component as integers. Missing components are 0 and
/// leading zeros are ignored, so `1.0` = `1` = `01.0.0` and `1.10` > `1.9`. Components of
/// any length compare exactly (as digit strings), so no input can overflow.
///
/// The one version order of the tool: the rules, the history store and the history filters
/// all use it. How many components a key may have (three at most for the marketing
/// version) is a rule's question, not the order's.
public struct VersionNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The components as written, without leading zeros (`"0"` for zero).
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

    /// The components without trailing zeros: what equality and hashing see.
    private var significant: ArraySlice<String> {
        var end = components.count
        while end > 0, components[end - 1] == "0" { end -= 1 }
        return components[..<end]
    }

    public static func == (a: VersionNumber, b: VersionNumber) -> Bool { a.significant == b.significant }
    public func hash(into hasher: inout Hasher) { hasher.combine(Array(significant)) }

    public static func < (a: VersionNumber, b: VersionNumber) -> Bool {
        for i in 0..<max(a.components.count, b.components.count) {
            let x = i < a.components.count ? a.components[i] : "0"
            let y = i < b.components.count ? b.components[i] : "0"
            if x != y { return x.count != y.count ? x.count < y.count : x < y }
        }
        return false
    }

    /// Orders any two version texts, well-formed or not: well-formed ones by number and
    /// after every malformed one; malformed ones (a git hash, `1.0b3`) have no order among
    /// themselves, so `max(by:)` keeps the first of them. For picking the highest of recorded
    /// builds, whatever they hold.
    public static func textOrder(_ a: String, _ b: String) -> Bool {
        switch (VersionNumber(a), VersionNumber(b)) {
        case (let x?, let y?): x < y
        case (nil, .some): true
        case (.some, nil): false
        case (nil, nil): false
        }
    }

    private static func looksLikeHash(_ s: String) -> Bool {
        s.utf8.count >= 7 && s.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }
            && s.utf8.contains { !(48...57).contains($0) }
    }
}

/// Why a version string is not period-separated non-negative integers.
public struct VersionProblem: Error, Sendable, Hashable {
    public var text: String
    public var reason: String
}
