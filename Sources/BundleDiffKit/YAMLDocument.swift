#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextSafety

/// Reads YAML that a pull request may control (`.bundlediff.yml`, a baseline file) within
/// bounds, so that no file can exhaust memory or the stack: its size is capped before it
/// is read whole, its nesting is bounded from the bytes before libyaml sees them
/// (`YAMLNestingBound`), and aliases may not expand the document past a count of values
/// (a "billion laughs" file is a few hundred bytes) or nest past the depth limit; both are
/// checked on the composed graph (`YAMLComposer`), where aliases are still shared, before
/// any value is built (`YAMLConstructor`). Every refusal is one line.
enum YAMLDocument {
    /// The bounds for one kind of file.
    struct Limits: Sendable {
        var maxBytes: Int
        /// Nesting levels, as `YAMLNestingBound` over-estimates them.
        var maxDepth: Int
        /// Scalars, sequences and mappings once every alias is expanded.
        var maxValues: Int

        /// `.bundlediff.yml`: a few settings.
        static let configuration = Limits(maxBytes: 1 << 20, maxDepth: 48, maxValues: 1 << 20)
        /// A baseline: one short line per accepted finding.
        static let baseline = Limits(maxBytes: 16 << 20, maxDepth: 48, maxValues: 1 << 20)
    }

    /// The bytes of `path`, refusing a file larger than `limits.maxBytes` without reading
    /// past that; nil when the file cannot be read.
    static func contents(of path: String, limits: Limits, what: String) throws(UserFacingError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= limits.maxBytes {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
        }
        throw UserFacingError("\(path): too large for \(what) (more than \(limits.maxBytes) bytes)")
    }

    /// Parses `bytes` (UTF-8) as one YAML document within `limits`; nil for an empty one.
    static func parse(_ bytes: [UInt8], file: String, limits: Limits) throws(UserFacingError) -> Any? {
        guard bytes.count <= limits.maxBytes else {
            throw UserFacingError("\(file): too large (more than \(limits.maxBytes) bytes)")
        }
        // The bound may say up to twice the real depth (a `[` counts for the single-pair
        // mapping an entry may be): it only keeps pathological texts from the parser, and
        // the limit itself is the composed document's (`check`).
        guard YAMLNestingBound.measure(bytes, limit: 2 * limits.maxDepth) != nil else {
            throw UserFacingError("\(file): nested too deeply to read safely (more than \(limits.maxDepth) levels)")
        }
        let graph: YAMLGraph?
        do { graph = try YAMLComposer.compose(bytes) } catch {
            throw UserFacingError("\(file): not valid YAML (\(error.message))")
        }
        guard let graph else { return nil }
        var budget = limits.maxValues
        let nesting = bytes.contains(UInt8(ascii: "*")) ? "its aliases nest" : "nested"
        try check(graph, graph.root, depth: 0, budget: &budget, file: file, limits: limits, nesting: nesting)
        return YAMLConstructor(graph: graph).value(graph.root)
    }

    /// Refuses what would explode once aliases are expanded into values: more than
    /// `budget` values (counting stops as soon as there are), nesting past
    /// `limits.maxDepth` (a chain of aliases nests without a bracket in the text), and a
    /// mapping key that is not a scalar (keys are read as text). Its own recursion stops
    /// at the limit.
    /// `nesting` words the refusal of depth: "its aliases nest" when the text has any.
    private static func check(_ graph: YAMLGraph, _ index: Int, depth: Int, budget: inout Int, file: String,
                              limits: Limits, nesting: String) throws(UserFacingError) {
        budget -= 1
        guard budget >= 0 else {
            throw UserFacingError("\(file): its aliases expand to more than \(limits.maxValues) values")
        }
        let node = graph.nodes[index]
        if node.kind == .scalar { return }
        guard depth < limits.maxDepth else {
            throw UserFacingError("\(file): \(nesting) more than \(limits.maxDepth) levels deep")
        }
        if node.kind == .sequence {
            for item in node.children { try check(graph, item, depth: depth + 1, budget: &budget, file: file, limits: limits, nesting: nesting) }
            return
        }
        var seen: [String: Int] = [:]
        for (key, value) in YAMLConstructor(graph: graph).pairs(index) {
            guard graph.nodes[key].kind == .scalar else {
                throw UserFacingError("\(file): line \(graph.nodes[key].line): a mapping key must be a plain value, not a list or a mapping")
            }
            // YAML keys are unique: a second one would silently win (`fail_on` written twice).
            // A merge key (`<<`) may repeat, and its pairs give way to the mapping's own.
            if graph.resolvedTag(key) != YAMLTag.merge {
                let text = graph.nodes[key].text, line = graph.nodes[key].line
                if let first = seen[text] {
                    throw UserFacingError("\(file): line \(line): the key \(VisibleText.quoted(text)) is given twice "
                                          + "(first on line \(first)); keep one")
                }
                seen[text] = line
            }
            try check(graph, value, depth: depth + 1, budget: &budget, file: file, limits: limits, nesting: nesting)
        }
    }
}
