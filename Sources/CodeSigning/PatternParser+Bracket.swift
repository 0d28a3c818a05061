extension PatternParser {
    /// The named classes of a bracket expression, in the C locale.
    static func namedClass(_ name: String) -> ByteSet? {
        var set = ByteSet()
        switch name {
        case "alpha": set.insert(65...90); set.insert(97...122)
        case "digit": set.insert(48...57)
        case "alnum": set.insert(65...90); set.insert(97...122); set.insert(48...57)
        case "upper": set.insert(65...90)
        case "lower": set.insert(97...122)
        case "space": set.insert(9...13); set.insert(32)
        case "blank": set.insert(9); set.insert(32)
        case "punct": set.insert(33...47); set.insert(58...64); set.insert(91...96); set.insert(123...126)
        case "print": set.insert(32...126)
        case "graph": set.insert(33...126)
        case "cntrl": set.insert(1...31); set.insert(127)
        case "xdigit": set.insert(48...57); set.insert(65...70); set.insert(97...102)
        default: return nil
        }
        return set
    }
}
