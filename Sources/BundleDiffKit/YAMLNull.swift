/// A YAML null (`~`, `null`, an empty value): neither a string, a number, a flag nor a
/// collection, so every setting that expects one of those refuses it. Prints as Foundation's
/// NSNull did when Yams read these files.
struct YAMLNull: CustomStringConvertible, Hashable, Sendable {
    var description: String { "<null>" }
}
