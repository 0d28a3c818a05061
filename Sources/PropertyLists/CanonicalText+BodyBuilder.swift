extension CanonicalText {
    /// Rebuilds the value tree from body lines, which list containers before their
    /// children, children in order.
    struct BodyBuilder {
        private struct Frame {
            var segments: [CanonicalLineScanner.Segment]
            var value: PlistValue
        }

        private var frames: [Frame] = []
        private var rooted: Bool?
        private var root: PlistValue?

        mutating func add(_ scanner: inout CanonicalLineScanner) throws(PlistError) {
            let (isRooted, segments) = try scanner.path()
            try scanner.expect(" = ")
            let value = try CanonicalText.parseValue(&scanner)
            try scanner.expectEnd()
            if rooted == nil {
                rooted = isRooted
                if !isRooted { frames = [Frame(segments: [], value: .dictionary(PlistDictionary()))] }
            }
            guard rooted == isRooted else { throw scanner.error("mixed '$' and key paths") }
            if isRooted && segments.isEmpty {
                guard root == nil, frames.isEmpty else { throw scanner.error("second root value") }
                root = value
                frames = [Frame(segments: [], value: value)]
                return
            }
            guard let last = segments.last else { throw scanner.error("empty path") }
            let parent = segments.dropLast()
            guard parent.count < frames.count, frames[parent.count].segments.elementsEqual(parent) else {
                throw scanner.error("value before its container")
            }
            while frames.count > parent.count + 1 { fold() }
            guard var top = frames.popLast() else { throw scanner.error("value before its container") }
            switch (top.value, last) {
            case (.array(var items), .index(let index)):
                guard index == items.count else { throw scanner.error("array index out of order") }
                items.append(value)
                top.value = .array(items)
            case (.dictionary(var dictionary), .key(let key)):
                guard dictionary[key] == nil else { throw scanner.error("key listed twice") }
                dictionary[key] = value
                top.value = .dictionary(dictionary)
            default:
                throw scanner.error("path does not match its container")
            }
            frames.append(top)
            if case .array = value { frames.append(Frame(segments: segments, value: value)) }
            if case .dictionary = value { frames.append(Frame(segments: segments, value: value)) }
        }

        /// Pops the innermost open container into its parent (replacing the placeholder).
        private mutating func fold() {
            guard let child = frames.popLast(), var parent = frames.popLast(), let last = child.segments.last else { return }
            switch (parent.value, last) {
            case (.array(var items), .index(let index)) where index < items.count:
                items[index] = child.value
                parent.value = .array(items)
            case (.dictionary(var dictionary), .key(let key)):
                dictionary[key] = child.value
                parent.value = .dictionary(dictionary)
            default:
                break
            }
            frames.append(parent)
        }

        mutating func finish() throws(PlistError) -> PlistValue {
            while frames.count > 1 { fold() }
            if let top = frames.first { return top.value }
            return .dictionary(PlistDictionary())
        }
    }
}
