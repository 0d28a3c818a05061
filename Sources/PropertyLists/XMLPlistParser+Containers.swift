extension XMLPlistParser {
    mutating func parseDict(path: [String], line: Int) throws(PlistError) -> PlistDictionary {
        var dictionary = PlistDictionary()
        var keyLines: [String: [Int]] = [:]
        var order: [String] = []
        while true {
            let token = try nextMarkup(context: "in <dict>")
            switch token {
            case .end("dict"):
                for key in order {
                    if let lines = keyLines[key], lines.count > 1 {
                        duplicates.append(DuplicateKey(dictionaryPath: path, key: key, lines: lines))
                    }
                }
                return dictionary
            case .start("key", let selfClosing):
                let keyLine = tokens.tokenLine
                let key = String(decoding: try content(of: "key", selfClosing: selfClosing), as: UTF8.self)
                let next = try nextMarkup(context: "in <dict>")
                guard case .start(let valueName, let valueClosing) = next, valueName != "key" else {
                    throw tokens.fail("<key>\(CanonicalText.quote(key))</key> has no value", line: keyLine)
                }
                dictionary[key] = try parseValue(valueName, selfClosing: valueClosing, path: path + [key])
                if keyLines[key] == nil { order.append(key) }
                keyLines[key, default: []].append(keyLine)
            case .start(let name, _):
                throw tokens.fail("expected <key> in <dict>, found <\(name)>")
            case .end(let name):
                throw tokens.fail("</\(name)> does not close the <dict> opened on line \(line)")
            case .endOfFile:
                throw tokens.fail("missing </dict> for the <dict> opened on line \(line)")
            case .text:
                throw tokens.fail("text outside a value in <dict>")
            }
        }
    }

    mutating func parseArray(path: [String]) throws(PlistError) -> [PlistValue] {
        var items: [PlistValue] = []
        while true {
            switch try nextMarkup(context: "in <array>") {
            case .end("array"):
                return items
            case .start(let name, let selfClosing):
                items.append(try parseValue(name, selfClosing: selfClosing, path: path + [String(items.count)]))
            case .end(let name):
                throw tokens.fail("</\(name)> does not close <array>")
            case .endOfFile:
                throw tokens.fail("missing </array>")
            case .text:
                throw tokens.fail("text outside a value in <array>")
            }
        }
    }
}
