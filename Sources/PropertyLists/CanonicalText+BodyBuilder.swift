extension CanonicalText {
    /// Rebuilds the value tree from body lines, which list containers before their
    /// children, children in order.
    ///
    /// Each open container is built in its own frame and mutated in place, then folded
    /// into its parent once its last child is read: adding a child never copies the
    /// container (a `.strings` file of n keys costs n inserts, not n²/2 copied entries).
    struct BodyBuilder {
        /// An open container: its path and what it holds so far.
        private struct Frame {
            var segments: [CanonicalLineScanner.Segment]
            var items: [PlistValue] = []
            var dictionary = PlistDictionary()
            var isArray: Bool
            /// Where this container's placeholder is in its parent's items or entries.
            var place = 0

            /// The finished container.
            var value: PlistValue { isArray ? .array(items) : .dictionary(dictionary) }
        }

        private var frames: [Frame] = []
        private var rooted: Bool?
        /// A `$` root that is not a container.
        private var scalarRoot: PlistValue?

        mutating func add(_ scanner: inout CanonicalLineScanner) throws(PlistError) {
            let (isRooted, segments) = try scanner.path()
            try scanner.expect(" = ")
            let value = try CanonicalText.parseValue(&scanner)
            try scanner.expectEnd()
            if rooted == nil {
                rooted = isRooted
                if !isRooted { frames = [Frame(segments: [], isArray: false)] }
            }
            guard rooted == isRooted else { throw scanner.error("mixed '$' and key paths") }
            if isRooted && segments.isEmpty {
                guard scalarRoot == nil, frames.isEmpty else { throw scanner.error("second root value") }
                switch value {
                case .array: frames = [Frame(segments: [], isArray: true)]
                case .dictionary: frames = [Frame(segments: [], isArray: false)]
                default: scalarRoot = value
                }
                return
            }
            guard let last = segments.last else { throw scanner.error("empty path") }
            let parent = segments.dropLast()
            if scalarRoot != nil {
                throw scanner.error(parent.isEmpty ? "path does not match its container" : "value before its container")
            }
            guard parent.count < frames.count, frames[parent.count].segments.elementsEqual(parent) else {
                throw scanner.error("value before its container")
            }
            while frames.count > parent.count + 1 { fold() }
            let top = frames.count - 1
            let place: Int
            switch (frames[top].isArray, last) {
            case (true, .index(let index)):
                guard index == frames[top].items.count else { throw scanner.error("array index out of order") }
                // A container child is a placeholder until it is folded in.
                place = frames[top].items.count
                frames[top].items.append(value)
            case (false, .key(let key)):
                place = frames[top].dictionary.count
                guard frames[top].dictionary.appendNew(key, value) else { throw scanner.error("key listed twice") }
            default:
                throw scanner.error("path does not match its container")
            }
            if case .array = value { frames.append(Frame(segments: segments, isArray: true, place: place)) }
            if case .dictionary = value { frames.append(Frame(segments: segments, isArray: false, place: place)) }
        }

        /// Pops the innermost open container into its parent, in place of its placeholder
        /// (found where it was put: no key looked up again).
        private mutating func fold() {
            guard frames.count >= 2, let child = frames.popLast() else { return }
            let top = frames.count - 1
            if frames[top].isArray {
                frames[top].items[child.place] = child.value
            } else {
                frames[top].dictionary.replaceValue(at: child.place, with: child.value)
            }
        }

        mutating func finish() throws(PlistError) -> PlistValue {
            if let scalarRoot { return scalarRoot }
            while frames.count > 1 { fold() }
            if let top = frames.first { return top.value }
            return .dictionary(PlistDictionary())
        }
    }
}
