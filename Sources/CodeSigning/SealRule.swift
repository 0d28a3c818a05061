import PropertyLists

/// One rule of a seal's `rules2` table: a pattern, a weight and what it does to the files
/// it matches (Apple's `ResourceBuilder::addRule`).
public struct SealRule: Sendable {
    /// What a rule does to the paths it matches.
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `omit` (or the value `false`): not sealed.
        public static let omitted = Flags(rawValue: 1)
        /// `optional`: sealed, but may be missing.
        public static let optional = Flags(rawValue: 2)
        /// `nested`: directories with an extension are nested code, sealed by cdhash.
        public static let nested = Flags(rawValue: 4)
        /// Added by the code itself, never by `rules2`: `_CodeSignature`, the main executable.
        public static let exclusion = Flags(rawValue: 8)
    }

    public let pattern: SealPattern
    /// Higher wins; 1 unless the rule says otherwise.
    public let weight: UInt32
    public let flags: Flags

    public init(pattern: SealPattern, weight: UInt32 = 1, flags: Flags = []) {
        self.pattern = pattern
        self.weight = weight
        self.flags = flags
    }

    /// Reads one `rules2` entry: `true`, `false`, or a dictionary of `weight`, `omit`,
    /// `optional` and `nested`. Anything else makes Apple refuse the whole table.
    public init(key: String, value: PlistValue) throws(SealPatternError) {
        let pattern = try SealPattern(key)
        switch value {
        case .boolean(let include):
            self.init(pattern: pattern, flags: include ? [] : .omitted)
        case .dictionary(let rule):
            var flags: Flags = []
            if rule["omit"] == .boolean(true) { flags.insert(.omitted) }
            if rule["optional"] == .boolean(true) { flags.insert(.optional) }
            if rule["nested"] == .boolean(true) { flags.insert(.nested) }
            self.init(pattern: pattern, weight: try Self.weight(rule["weight"]), flags: flags)
        default:
            throw .invalid("the rule for \(key.debugDescription) is \(value.typeNameWithArticle), not a dictionary")
        }
    }

    /// `cfNumber<unsigned int>`: integers and reals both, truncated; 1 when absent.
    private static func weight(_ value: PlistValue?) throws(SealPatternError) -> UInt32 {
        switch value {
        case nil: return 1
        case .integer(let n):
            guard let v = n.int64 else { return n.isNegative ? 0 : .max }
            return UInt32(clamping: v)
        case .real(let r):
            guard r.isFinite, r > 0 else { return 0 }
            return r >= Double(UInt32.max) ? .max : UInt32(r)
        case .some(let other):
            throw .invalid("a rule's weight is \(other.typeNameWithArticle), not a number")
        }
    }
}
