/// The members of a JSON object, in the order written, no key twice (`add` refuses a key
/// already there). Objects are mostly small: up to `scanLimit` members, a key is found by
/// a scan of the list, which costs less than hashing every key into a dictionary (that was
/// a third of reading a `bundlediff.json`); past it, by a table of positions.
struct JSONMembers: Equatable, Sequence, ExpressibleByDictionaryLiteral {
    typealias Element = (key: String, value: JSONNode)

    static let scanLimit = 16
    private var list: [Element] = []
    /// Position of each key, once there are more than `scanLimit` members.
    private var positions: [String: Int]?

    init() {}

    /// The members in the order given; a key given twice keeps its first value.
    init(dictionaryLiteral elements: (String, JSONNode)...) {
        for (key, value) in elements { _ = add(key, value) }
    }

    var count: Int { list.count }
    var keys: [String] { list.map(\.key) }
    var values: [JSONNode] { list.map(\.value) }

    /// The value of `key`; set nil to remove the member, a value to replace it in place
    /// or add it at the end.
    subscript(key: String) -> JSONNode? {
        get { position(of: key).map { list[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case let (at?, value?): list[at].value = value
            case (let at?, nil):
                list.remove(at: at)
                if positions != nil { positions = Self.positions(of: list) }
            case (nil, let value?): _ = add(key, value)
            case (nil, nil): break
            }
        }
    }

    private static func positions(of list: [Element]) -> [String: Int] {
        var made: [String: Int] = [:]
        for (at, member) in list.enumerated() { made[member.key] = at }
        return made
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return list.firstIndex { $0.key == key }
    }

    /// Adds a member at the end; false, and nothing added, when `key` is there already.
    mutating func add(_ key: String, _ value: JSONNode) -> Bool {
        guard position(of: key) == nil else { return false }
        list.append((key, value))
        if positions != nil {
            positions?[key] = list.count - 1
        } else if list.count > Self.scanLimit {
            positions = Self.positions(of: list)
        }
        return true
    }

    func makeIterator() -> IndexingIterator<[Element]> { list.makeIterator() }

    /// The same keys with the same values, in any order (as JSON compares objects).
    static func == (a: JSONMembers, b: JSONMembers) -> Bool {
        a.count == b.count && a.list.allSatisfy { b[$0.key] == $0.value }
    }
}
