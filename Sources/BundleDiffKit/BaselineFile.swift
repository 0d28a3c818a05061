import FoundationEssentials
import Rules

/// A file of accepted findings: a YAML list of fingerprints (`<rule id>|<bundle>|<subject>`).
/// `--write-baseline` writes one from the current findings; `baseline:` in the
/// configuration names it (or lists fingerprints inline).
public enum BaselineFile {
    /// The file's text for `findings`: sorted, one quoted fingerprint per line.
    public static func render(_ findings: [Finding]) -> String {
        let prints = Set(findings.map(\.fingerprint)).sorted()
        var out = "# bundlediff baseline: accepted findings (written by --write-baseline)\n"
        if prints.isEmpty { return out + "[]\n" }
        for p in prints { out += "- " + quote(p) + "\n" }
        return out
    }

    /// Writes the baseline for `findings` to `path` (see `OutputFile`).
    public static func write(_ findings: [Finding], to path: String) throws(UserFacingError) {
        try OutputFile.write(render(findings), to: path, what: "the baseline")
    }

    /// Reads the fingerprints of a baseline file.
    public static func read(_ path: String) throws(UserFacingError) -> Set<String> {
        guard let bytes = try YAMLDocument.contents(of: path, limits: .baseline, what: "a baseline file") else {
            throw UserFacingError("\(path): cannot read the baseline file")
        }
        let value = try YAMLDocument.parse(bytes, file: path, limits: .baseline)
        guard let items = value as? [Any], items.allSatisfy({ $0 is String }) else {
            throw UserFacingError("\(path): a baseline must be a list of finding fingerprints (strings)")
        }
        return Set(items.compactMap { $0 as? String })
    }

    /// A YAML double-quoted scalar: JSON's string syntax is valid YAML.
    private static func quote(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(s)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
