/// One YAML document as libyaml's events describe it, before any value is built: nodes in
/// an array, children by index. An alias is the index of the node its anchor named, so
/// shared nodes stay shared (a "billion laughs" file stays a few hundred nodes) and nothing
/// here is freed or walked recursively.
struct YAMLGraph {
    enum Kind { case scalar, sequence, mapping }

    struct Node {
        var kind: Kind
        /// The tag as Yams kept it: nil when implicit (a plain scalar without a tag, or a
        /// collection without one), `tag:yaml.org,2002:str` for a quoted or block scalar
        /// without a tag, else the tag libyaml resolved (`!` stays `!`).
        var tag: String?
        /// A scalar's text.
        var text: String = ""
        /// Whether a scalar is plain (numbers are only read from plain scalars).
        var plain = false
        /// A sequence's items; a mapping's keys and values, alternating.
        var children: [Int] = []
        /// The line where the node starts (1-based).
        var line: Int
    }

    var nodes: [Node] = []
    var root = 0

    /// The tag that decides how `index` is built, as Yams resolves it: a plain scalar's
    /// from its text (`YAMLResolver`), `!` the kind's own, no tag the kind's own.
    func resolvedTag(_ index: Int) -> String {
        let node = nodes[index]
        switch node.kind {
        case .scalar:
            guard let tag = node.tag else { return YAMLResolver.tag(ofPlain: node.text) }
            return tag == "!" ? YAMLTag.str : tag
        case .sequence:
            return node.tag == nil || node.tag == "!" ? YAMLTag.seq : node.tag!
        case .mapping:
            return node.tag == nil || node.tag == "!" ? YAMLTag.map : node.tag!
        }
    }
}
