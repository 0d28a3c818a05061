import Foundation
@testable import PropertyLists

/// Python's `plistlib` as an independent reader: runs `scripts/plistlib_dump.py` once over
/// many files and compares its typed JSON with our `PlistValue`s.
enum PlistlibOracle {
    enum Verdict {
        case loaded(Any)
        case rejected(String)
    }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/plistlib_dump.py").path
    }

    /// plistlib's verdict for every path, or an error describing why Python did not run.
    static func run(_ paths: [String]) -> Result<[String: Verdict], OracleError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + paths
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch { return .failure(OracleError("cannot start python3: \(error)")) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(OracleError("python3 \(script) exited \(process.terminationStatus): \(stderr.prefix(500))"))
        }
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let files = json["files"] as? [[String: Any]] else {
            return .failure(OracleError("plistlib_dump.py printed no valid JSON"))
        }
        var out: [String: Verdict] = [:]
        for entry in files {
            guard let path = entry["path"] as? String else { continue }
            if entry["ok"] as? Bool == true, let value = entry["value"] {
                out[path] = .loaded(value)
            } else {
                out[path] = .rejected(entry["error"] as? String ?? "?")
            }
        }
        return .success(out)
    }

    struct OracleError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The first difference between plistlib's tagged value and ours, or nil if equal.
    /// Strings compare by Unicode scalars (Swift's `==` would equate NFC and NFD forms).
    static func difference(_ tagged: Any, _ ours: PlistValue, at path: String = "$") -> String? {
        guard let node = tagged as? [String: Any], let type = node["t"] as? String else {
            return "\(path): malformed oracle value"
        }
        let v = node["v"]
        guard type == ours.typeName else { return "\(path): plistlib \(type), ours \(ours.typeName)" }
        switch ours {
        case .string(let s):
            guard let p = v as? String, Array(p.unicodeScalars) == Array(s.unicodeScalars) else {
                return "\(path): string \(String(describing: v)) vs \(s.debugDescription)"
            }
        case .integer(let i):
            guard v as? String == i.description else { return "\(path): integer \(String(describing: v)) vs \(i)" }
        case .uid(let u):
            guard v as? String == String(u) else { return "\(path): uid \(String(describing: v)) vs \(u)" }
        case .boolean(let b):
            guard v as? Bool == b else { return "\(path): boolean \(String(describing: v)) vs \(b)" }
        case .real(let r):
            guard let text = v as? String, let p = parseReal(text), p == r || (p.isNaN && r.isNaN) else {
                return "\(path): real \(String(describing: v)) vs \(r)"
            }
        case .date(let seconds):
            // plistlib keeps microseconds; ours are exact doubles since 2001.
            guard let unix = (v as? NSNumber)?.doubleValue,
                  abs(unix - (seconds + Double(PlistDate.unixOffset))) <= 1e-3 else {
                return "\(path): date \(String(describing: v)) vs \(seconds) (since 2001)"
            }
        case .data(let bytes):
            guard let text = v as? String, let p = Data(base64Encoded: text), Array(p) == bytes else {
                return "\(path): data differs (\(bytes.count) bytes ours)"
            }
        case .array(let items):
            guard let p = v as? [Any], p.count == items.count else { return "\(path): array count differs" }
            for (index, (a, b)) in zip(p, items).enumerated() {
                if let d = difference(a, b, at: "\(path)[\(index)]") { return d }
            }
        case .dictionary(let dictionary):
            guard let pairs = v as? [[Any]] else { return "\(path): malformed oracle dictionary" }
            let keys = pairs.compactMap { $0.first as? String }
            guard keys.map({ Array($0.unicodeScalars) }) == dictionary.keys.map({ Array($0.unicodeScalars) }) else {
                return "\(path): keys \(keys.prefix(8)) vs \(dictionary.keys.prefix(8))"
            }
            for (pair, entry) in zip(pairs, dictionary.entries) where pair.count == 2 {
                if let d = difference(pair[1], entry.value, at: "\(path).\(entry.key)") { return d }
            }
        }
        return nil
    }

    private static func parseReal(_ text: String) -> Double? {
        switch text {
        case "nan": .nan
        case "inf": .infinity
        case "-inf": -.infinity
        default: Double(text)
        }
    }
}
