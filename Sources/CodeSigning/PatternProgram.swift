/// A seal pattern compiled to a Thompson automaton: a list of instructions run by
/// simulation (every live state advances together), so matching never backtracks and
/// costs at most `instructions.count` steps per byte.
struct PatternProgram: Sendable {
    enum Instruction: Equatable, Sendable {
        /// Consume one byte in the set, then go on.
        case bytes(ByteSet)
        /// Try both.
        case split(Int, Int)
        case jump(Int)
        /// Go on only at the start / the end of the path.
        case begin, end
        case match
    }

    /// The most instructions one pattern may compile to (counted repetition multiplies).
    static let maxInstructions = 4096

    private(set) var instructions: [Instruction] = []

    static func compile(_ node: PatternNode) throws(SealPatternError) -> PatternProgram {
        var program = PatternProgram()
        try program.emit(node)
        try program.append(.match)
        return program
    }

    private mutating func append(_ instruction: Instruction) throws(SealPatternError) {
        guard instructions.count < Self.maxInstructions else {
            throw .unsupported("it compiles to more than \(Self.maxInstructions) states")
        }
        instructions.append(instruction)
    }

    private mutating func emit(_ node: PatternNode) throws(SealPatternError) {
        switch node {
        case .empty: break
        case .bytes(let set): try append(.bytes(set))
        case .begin: try append(.begin)
        case .end: try append(.end)
        case .concat(let items):
            for item in items { try emit(item) }
        case .alternation(let branches):
            // split L1, next; L1: branch; jump end; next: split …; last branch; end:
            var jumps: [Int] = []
            for (i, branch) in branches.enumerated() {
                if i < branches.count - 1 {
                    let split = instructions.count
                    try append(.split(split + 1, 0))
                    try emit(branch)
                    jumps.append(instructions.count)
                    try append(.jump(0))
                    instructions[split] = .split(split + 1, instructions.count)
                } else {
                    try emit(branch)
                }
            }
            for j in jumps { instructions[j] = .jump(instructions.count) }
        case .repeated(let inner, let min, let max):
            for _ in 0..<min { try emit(inner) }
            if let max {
                // Each optional copy may be skipped to the end.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(instructions.count)
                    try append(.split(instructions.count + 1, 0))
                    try emit(inner)
                }
                for s in splits { instructions[s] = .split(s + 1, instructions.count) }
            } else {
                // L: split body, out; body; jump L; out:
                let loop = instructions.count
                try append(.split(loop + 1, 0))
                try emit(inner)
                try append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            }
        }
    }
}
