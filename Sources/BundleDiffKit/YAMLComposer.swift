import CYAML

/// Builds the `YAMLGraph` of a text from libyaml's events, without recursion (libyaml's
/// own parser keeps its stacks on the heap): a stack of the collections still open, and
/// anchors recorded once their node is complete, as Yams did (so an alias inside its own
/// anchor's node is undefined). Every event and the parser are freed on every path.
struct YAMLComposer {
    /// Why a text is not one YAML document, in one line with its line and column.
    struct Failure: Error {
        var message: String
    }

    /// The graph of the text's one document; nil when there is none (empty, or only
    /// comments). Invalid UTF-8 is read as U+FFFD, as Yams read a Swift String.
    static func compose(_ bytes: [UInt8]) throws(Failure) -> YAMLGraph? {
        var input = Array(String(decoding: bytes, as: UTF8.self).utf8)
        let count = input.count
        input.append(0)  // an address for libyaml even when the text is empty
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw Failure(message: "out of memory") }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        let result: Result<YAMLGraph?, Failure> = input.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, count)
            var composer = YAMLComposer()
            return Result { () throws(Failure) in try composer.run(&parser, input: buffer) }
        }
        return try result.get()
    }

    private var graph = YAMLGraph()
    private var open: [(node: Int, anchor: String?)] = []
    private var anchors: [String: Int] = [:]
    private var rootDone = false

    /// Stream start, then either stream end (no document) or one document and stream end.
    private mutating func run(_ parser: inout yaml_parser_t, input: UnsafeBufferPointer<UInt8>) throws(Failure) -> YAMLGraph? {
        var event = yaml_event_t()
        try Self.next(&parser, &event, input)
        yaml_event_delete(&event)                     // stream start
        try Self.next(&parser, &event, input)
        if event.type == YAML_STREAM_END_EVENT { yaml_event_delete(&event); return nil }
        yaml_event_delete(&event)                     // document start
        while !rootDone {
            try Self.next(&parser, &event, input)
            defer { yaml_event_delete(&event) }
            try add(event)
        }
        try Self.next(&parser, &event, input)
        yaml_event_delete(&event)                     // document end
        try Self.next(&parser, &event, input)
        let type = event.type, mark = event.start_mark
        yaml_event_delete(&event)
        guard type == YAML_STREAM_END_EVENT else {
            throw Failure(message: "\(Self.position(mark)): expected a single document in the stream, but found another document")
        }
        return graph
    }

    /// The next event into `event`, or the parser's error.
    private static func next(_ parser: inout yaml_parser_t, _ event: inout yaml_event_t,
                             _ input: UnsafeBufferPointer<UInt8>) throws(Failure) {
        guard yaml_parser_parse(&parser, &event) == 1 else { throw failure(parser, input) }
    }

    /// One node event of the document.
    private mutating func add(_ event: yaml_event_t) throws(Failure) {
        let line = Int(event.start_mark.line) + 1
        switch event.type {
        case YAML_ALIAS_EVENT:
            guard let node = anchors[Self.string(event.data.alias.anchor) ?? ""] else {
                throw Failure(message: "\(Self.position(event.start_mark)): found undefined alias")
            }
            attach(node)
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let tag = s.quoted_implicit == 1 ? YAMLTag.str : Self.string(s.tag)
            let text = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
            graph.nodes.append(.init(kind: .scalar, tag: tag, text: text,
                                     plain: s.style == YAML_PLAIN_SCALAR_STYLE || s.style == YAML_ANY_SCALAR_STYLE, line: line))
            if let anchor = Self.string(s.anchor) { anchors[anchor] = graph.nodes.count - 1 }
            attach(graph.nodes.count - 1)
        case YAML_SEQUENCE_START_EVENT:
            let s = event.data.sequence_start
            start(.sequence, tag: s.implicit != 0 ? nil : Self.string(s.tag), anchor: Self.string(s.anchor), line: line)
        case YAML_MAPPING_START_EVENT:
            let s = event.data.mapping_start
            start(.mapping, tag: s.implicit != 0 ? nil : Self.string(s.tag), anchor: Self.string(s.anchor), line: line)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let (node, anchor) = open.removeLast()
            if let anchor { anchors[anchor] = node }
            attach(node)
        default:
            break  // libyaml sends nothing else inside a document
        }
    }

    /// Opens a collection; it is attached to its parent when it ends.
    private mutating func start(_ kind: YAMLGraph.Kind, tag: String?, anchor: String?, line: Int) {
        graph.nodes.append(.init(kind: kind, tag: tag, line: line))
        open.append((graph.nodes.count - 1, anchor))
    }

    /// A complete node: the next child of the innermost open collection, or the root.
    private mutating func attach(_ node: Int) {
        if let parent = open.last?.node {
            graph.nodes[parent].children.append(node)
        } else {
            graph.root = node
            rootDone = true
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func position(_ mark: yaml_mark_t) -> String {
        "line \(mark.line + 1), column \(mark.column + 1)"
    }

    /// libyaml's problem with its position (and its context, when it gives one). A reader
    /// error (a control character) has only a byte offset: its line and column are counted.
    private static func failure(_ parser: yaml_parser_t, _ input: UnsafeBufferPointer<UInt8>) -> Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        switch parser.error {
        case YAML_MEMORY_ERROR:
            return Failure(message: "out of memory")
        case YAML_READER_ERROR:
            let offset = min(parser.problem_offset, input.count)
            let before = input[..<offset]
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = String(decoding: input[lineStart..<offset], as: UTF8.self).unicodeScalars.count
            let line = before.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            return Failure(message: "line \(line + 1), column \(column + 1): \(problem)")
        default:
            var message = "\(position(parser.problem_mark)): \(problem)"
            if let context = parser.context {
                message += " \(String(cString: context)) from \(position(parser.context_mark))"
            }
            return Failure(message: message)
        }
    }
}
