/// The part of the SARIF 2.1.0 object model that `SARIFReporter` writes; property names
/// are SARIF's own. Optional members left nil are not written.
struct SARIFLog: Encodable {
    var schema: String
    var version: String
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }

    struct Run: Encodable {
        var tool: Tool
        var invocations: [Invocation]
        var originalUriBaseIds: [String: BaseLocation]
        var results: [Result]
        var properties: RunProperties
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var rules: [Descriptor]
    }

    struct Descriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct Text: Encodable {
        var text: String
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var exitCode: Int
        var exitCodeDescription: String
    }

    struct BaseLocation: Encodable {
        var description: Text
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Text
        var locations: [Location]?
        var partialFingerprints: [String: String]
        var baselineState: String?
        var suppressions: [Suppression]?
        var properties: ResultProperties
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation?
        var logicalLocations: [LogicalLocation]?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String
    }

    struct LogicalLocation: Encodable {
        var fullyQualifiedName: String
        var kind: String
    }

    struct Suppression: Encodable {
        var kind: String
        var status: String
        var justification: String
    }

    struct ResultProperties: Encodable {
        /// Whether the finding fails the gate (at or above --fail-on, not accepted, new
        /// when --only-new).
        var failing: Bool
    }

    struct RunProperties: Encodable {
        var kind: String
        var old: String
        var oldCommit: String?
        var new: String
        var newCommit: String?
        var failOn: String
        var onlyNew: Bool
        var failing: Int
        var verdict: String
        var identical: Bool
        var date: String
    }
}
