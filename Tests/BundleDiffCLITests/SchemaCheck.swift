import Foundation
import TestSupport

/// Validates reports with real validators against the schemas in `Tests/Schemas` and
/// `docs/`: `check-jsonschema` (PyPI) for JSON Schema, `xmllint` (libxml2-utils) for XML
/// Schema. `scripts/setup-deps.sh` installs both; a missing one fails the test that needs
/// it, naming what to install.
enum SchemaCheck {
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The official SARIF 2.1.0 schema (see Tests/Schemas/README.md).
    static let sarif = "Tests/Schemas/sarif-schema-2.1.0.json"
    /// The Jenkins/Ant JUnit schema, fetched by `scripts/setup-deps.sh` from pytest's source
    /// distribution into the user's cache (see Tests/Schemas/README.md); an absolute path.
    static var junit: String {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["XDG_CACHE_HOME"] ?? ((environment["HOME"] ?? "/root") + "/.cache")
        return cache + "/bundlediff-tests/junit-10.xsd"
    }
    /// The JSON report's own schema.
    static let report = "docs/report-schema.json"

    /// The validator's complaints about `document` against the JSON schema at `schema`
    /// (relative to the package root), or nil when it is valid.
    static func jsonProblems(_ document: String, schema: String, name: String = "report.json") throws -> String? {
        try run("check-jsonschema", ["--schemafile", "\(CLIHarness.root)/\(schema)"], document, name: name,
                install: "pip install check-jsonschema")
    }

    /// The validator's complaints about `document` against the XML schema at `schema`, or nil.
    static func xmlProblems(_ document: String, schema: String = junit) throws -> String? {
        guard FileManager.default.fileExists(atPath: schema) else {
            throw Missing(description: "\(schema) is missing: run scripts/setup-deps.sh (it fetches the JUnit schema)")
        }
        return try run("xmllint", ["--noout", "--schema", schema], document, name: "report.xml",
                       install: "apt-get install libxml2-utils")
    }

    private static func run(_ tool: String, _ arguments: [String], _ document: String, name: String,
                            install: String) throws -> String? {
        guard let executable = which(tool) else {
            throw Missing(description: "\(tool) is not installed: run scripts/setup-deps.sh (\(install))")
        }
        let scratch = try ScratchDirectory("schema")
        let file = scratch.path(name)
        try Data(document.utf8).write(to: URL(fileURLWithPath: file))
        let r = try ChildProcess.run(executable, arguments + [file], captureOutput: true)
        return r.reason == .exit && r.status == 0 ? nil : "\(tool) exit \(r.status): \(r.out)\(r.err)"
    }

    /// The first executable named `tool` on PATH, else in `~/.local/bin` (where a user
    /// install by setup-deps.sh puts it).
    static func which(_ tool: String) -> String? {
        let environment = ProcessInfo.processInfo.environment
        var folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        if let home = environment["HOME"] { folders.append(home + "/.local/bin") }
        return folders.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
