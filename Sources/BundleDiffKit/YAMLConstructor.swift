/// Builds Swift values from a checked `YAMLGraph` as Yams' default constructor did: a
/// mapping is a `[String: Any]` keyed by each key's text (merge keys `<<` flattened first,
/// the last of equal keys winning), `!!set` a `Set<AnyHashable>` of its keys' texts,
/// `!!omap` and `!!pairs` lists of `(Any, Any)` from each item's first pair, any other
/// sequence `[Any]`, a scalar by `YAMLScalar`. It recurses: `YAMLDocument` has bounded the
/// graph's depth and its size with aliases expanded before calling it.
struct YAMLConstructor {
    let graph: YAMLGraph

    func value(_ index: Int) -> Any {
        let node = graph.nodes[index]
        let tag = graph.resolvedTag(index)
        switch node.kind {
        case .scalar:
            return YAMLScalar.value(tag: tag, text: node.text, plain: node.plain) ?? node.text
        case .sequence:
            guard tag == YAMLTag.omap || tag == YAMLTag.pairs else { return node.children.map(value) }
            return node.children.compactMap { item -> (Any, Any)? in
                let pairs = graph.nodes[item]
                guard pairs.kind == .mapping, pairs.children.count >= 2 else { return nil }
                return (value(pairs.children[0]), value(pairs.children[1]))
            }
        case .mapping:
            if tag == YAMLTag.set {
                return Set<AnyHashable>(pairs(index).map { graph.nodes[$0.key].text as AnyHashable })
            }
            var map: [String: Any] = [:]
            for (key, value) in flattened(index) { map[graph.nodes[key].text] = self.value(value) }
            return map
        }
    }

    /// A mapping's pairs in order.
    func pairs(_ index: Int) -> [(key: Int, value: Int)] {
        let children = graph.nodes[index].children
        return stride(from: 0, to: children.count - 1, by: 2).map { (children[$0], children[$0 + 1]) }
    }

    /// Yams' `Node.Mapping.flatten`: each merge key's pairs (a mapping's, flattened; or the
    /// mappings of a sequence, flattened, the last first so that earlier ones win) come
    /// before the mapping's own pairs; a merge key with anything else is dropped.
    func flattened(_ index: Int) -> [(key: Int, value: Int)] {
        var merged: [(key: Int, value: Int)] = []
        var own: [(key: Int, value: Int)] = []
        for pair in pairs(index) {
            guard graph.resolvedTag(pair.key) == YAMLTag.merge else { own.append(pair); continue }
            let value = graph.nodes[pair.value]
            switch value.kind {
            case .mapping:
                merged += flattened(pair.value)
            case .sequence:
                for item in value.children.reversed() where graph.nodes[item].kind == .mapping {
                    merged += flattened(item)
                }
            case .scalar:
                break
            }
        }
        return merged + own
    }
}
