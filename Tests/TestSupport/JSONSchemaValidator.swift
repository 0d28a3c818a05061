import Foundation

/// A small JSON Schema validator for the keywords `docs/report-schema.json` uses, and
/// only those: `type`, `properties`, `required`, `additionalProperties`, `items`, `enum`,
/// `const`, `minimum`, `oneOf` and `$ref` to `#/$defs/…`. Annotations (`title`,
/// `description`, `$schema`, `$id`, `$comment`) are ignored; any other keyword is refused
/// when the schema is loaded, so a schema can never pass a document by being misread.
public struct JSONSchemaValidator {
    public struct UnsupportedSchema: Error, CustomStringConvertible {
        public var description: String
    }

    static let assertions: Set<String> = ["type", "properties", "required", "additionalProperties", "items", "enum",
                                          "const", "minimum", "oneOf", "$ref"]
    static let annotations: Set<String> = ["title", "description", "$schema", "$id", "$comment", "$defs"]

    let root: JSONTree

    public init(schema: Data) throws {
        root = try JSONTree.parse(schema)
        try Self.check(root, at: "#")
    }

    /// Every violation, as `<JSON pointer>: what is wrong`; empty when the document is valid.
    public func errors(in document: JSONTree) -> [String] {
        var out: [String] = []
        validate(document, against: root, at: "", into: &out)
        return out
    }

    private static func check(_ schema: JSONTree, at path: String) throws {
        guard case .object(let keywords) = schema else {
            throw UnsupportedSchema(description: "\(path): a schema must be an object")
        }
        for (key, value) in keywords {
            guard assertions.contains(key) || annotations.contains(key) else {
                throw UnsupportedSchema(description: "\(path): unsupported keyword '\(key)'")
            }
            switch (key, value) {
            case ("properties", .object(let members)), ("$defs", .object(let members)):
                for (name, sub) in members { try check(sub, at: "\(path)/\(key)/\(name)") }
            case ("items", _), ("additionalProperties", .object):
                try check(value, at: "\(path)/\(key)")
            case ("oneOf", .array(let options)):
                for (i, sub) in options.enumerated() { try check(sub, at: "\(path)/oneOf/\(i)") }
            case ("$ref", .string(let ref)):
                guard ref.hasPrefix("#/$defs/") else {
                    throw UnsupportedSchema(description: "\(path): only #/$defs/ references are supported")
                }
            default: continue
            }
        }
    }

    private func validate(_ value: JSONTree, against schema: JSONTree, at path: String, into out: inout [String]) {
        guard case .object(let s) = schema else { return }
        if case .string(let ref)? = s["$ref"] {
            guard let target = root["$defs"]?[String(ref.dropFirst("#/$defs/".count))] else {
                out.append("\(path): unresolved reference \(ref)")
                return
            }
            validate(value, against: target, at: path, into: &out)
        }
        if let type = s["type"], !Self.matches(value, type: type) {
            out.append("\(path): expected type \(type), found \(Self.kind(of: value))")
            return
        }
        if case .array(let options)? = s["enum"], !options.contains(where: { $0.sameValue(value) }) {
            out.append("\(path): \(value) is not one of the allowed values")
        }
        if let constant = s["const"], !constant.sameValue(value) {
            out.append("\(path): expected \(constant)")
        }
        if let minimum = s["minimum"], let number = Self.double(value), let least = Self.double(minimum), number < least {
            out.append("\(path): \(number) is below the minimum \(least)")
        }
        if case .array(let options)? = s["oneOf"] {
            let passing = options.count { option in
                var sink: [String] = []
                validate(value, against: option, at: path, into: &sink)
                return sink.isEmpty
            }
            if passing != 1 { out.append("\(path): matches \(passing) of the oneOf schemas, not exactly one") }
        }
        if case .object(let members) = value { validateObject(members, s, at: path, into: &out) }
        if case .array(let items) = value, let itemSchema = s["items"] {
            for (i, item) in items.enumerated() { validate(item, against: itemSchema, at: "\(path)/\(i)", into: &out) }
        }
    }

    private func validateObject(_ members: [String: JSONTree], _ s: [String: JSONTree], at path: String,
                                into out: inout [String]) {
        if case .array(let required)? = s["required"] {
            for case .string(let name) in required where members[name] == nil {
                out.append("\(path): missing required property '\(name)'")
            }
        }
        let properties: [String: JSONTree]
        if case .object(let p)? = s["properties"] { properties = p } else { properties = [:] }
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            let memberPath = path + "/" + name
            if let sub = properties[name] {
                validate(member, against: sub, at: memberPath, into: &out)
            } else if let extra = s["additionalProperties"] {
                if case .boolean(false) = extra {
                    out.append("\(path): property '\(name)' is not allowed")
                } else {
                    validate(member, against: extra, at: memberPath, into: &out)
                }
            }
        }
    }

    private static func matches(_ value: JSONTree, type: JSONTree) -> Bool {
        switch type {
        case .string(let name): return kind(of: value) == name || (name == "number" && kind(of: value) == "integer")
        case .array(let names): return names.contains { matches(value, type: $0) }
        default: return false
        }
    }

    private static func kind(of value: JSONTree) -> String {
        switch value {
        case .null: "null"
        case .boolean: "boolean"
        case .integer: "integer"
        case .number(let d): d.rounded() == d ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    private static func double(_ value: JSONTree) -> Double? {
        switch value {
        case .integer(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }
}
