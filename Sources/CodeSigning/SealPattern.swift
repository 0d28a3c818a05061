/// One `rules2` key of a `CodeResources` file: a POSIX extended regular expression that
/// Apple compiles with `regcomp(REG_EXTENDED | REG_NOSUB)` and runs with `regexec`, an
/// unanchored search over the path relative to the bundle's content folder.
///
/// bundlediff does not hand these to a regex library: the patterns come from the build
/// under review, and a backtracking engine can be made to run for hours. It compiles them
/// to a Thompson automaton over bytes (the C locale) and charges every step to a
/// `MatchBudget`.
public struct SealPattern: Sendable {
    /// The key as written.
    public let source: String
    private let program: PatternProgram

    /// The longest pattern accepted, in bytes.
    public static let maxLength = 4096

    public init(_ source: String) throws(SealPatternError) {
        let bytes = Array(source.utf8)
        guard bytes.count <= Self.maxLength else {
            throw .unsupported("it is longer than \(Self.maxLength) bytes")
        }
        self.source = source
        program = try PatternProgram.compile(try PatternParser.parse(bytes))
    }

    /// Whether the pattern matches anywhere in `path` (as `regexec` without flags does),
    /// charging each automaton step to `budget`.
    public func matches(_ path: [UInt8], budget: inout MatchBudget) throws(MatchBudget.Exceeded) -> Bool {
        var space = Workspace()
        return try matches(path, budget: &budget, in: &space)
    }

    /// The lists a match works in, kept from one match to the next: a seal's walk matches
    /// every path of a bundle against every rule, and three lists made for each match were
    /// a tenth of the walk.
    public struct Workspace {
        var marks: [Int] = []
        var current: [Int] = []
        var stack: [Int] = []
        public init() {}
    }

    /// `matches(_:budget:)` in `space`'s lists.
    public func matches(_ path: [UInt8], budget: inout MatchBudget, in space: inout Workspace) throws(MatchBudget.Exceeded) -> Bool {
        let code = program.instructions
        if space.marks.count < code.count {
            space.marks = [Int](repeating: -1, count: code.count)
        } else {
            for pc in 0..<code.count { space.marks[pc] = -1 }
        }
        space.current.removeAll(keepingCapacity: true)
        space.stack.removeAll(keepingCapacity: true)
        let end = path.count
        let anchored = code.first == .begin
        var position = 0
        while true {
            // The states reached by the last byte, plus a new attempt at every position
            // (the search is unanchored), closed over the moves that consume nothing.
            space.stack.append(0)
            while let pc = space.stack.popLast() {
                try budget.spend(1)
                guard space.marks[pc] != position else { continue }
                space.marks[pc] = position
                switch code[pc] {
                case .bytes: space.current.append(pc)
                case .split(let a, let b):
                    space.stack.append(b)
                    space.stack.append(a)
                case .jump(let to): space.stack.append(to)
                case .begin: if position == 0 { space.stack.append(pc + 1) }
                case .end: if position == end { space.stack.append(pc + 1) }
                case .match: return true
                }
            }
            guard position < end else { return false }
            let byte = path[position]
            position += 1
            for pc in space.current {
                try budget.spend(1)
                if case .bytes(let set) = code[pc], set.contains(byte) { space.stack.append(pc + 1) }
            }
            space.current.removeAll(keepingCapacity: true)
            // Anchored at the start (`^…`, most rules): once no state survives a byte, the
            // attempts at later positions end at once, so the rest of the path is not read.
            if anchored, space.stack.isEmpty { return false }
        }
    }
}

extension SealPattern {
    /// The automaton's size: one match costs at most four steps per state, plus one, per byte.
    public var stateCount: Int { program.instructions.count }
}
