/// A YAML timestamp (`2001-12-14`, `2001-12-14t21:59:43.10-05:00`), kept as its text: no
/// setting takes a date, so it only must not pass for a string or a number.
struct YAMLTimestamp: CustomStringConvertible, Hashable, Sendable {
    var text: String
    var description: String { text }
}
