import BundleModel
import FoundationEssentials
import SnapshotStore
import TextSafety

/// Which recorded builds a history query looks at: a version range over
/// `CFBundleShortVersionString` (`1.2..1.5`, `1.2..`, `..1.5`, both ends included, in
/// release-train order), a recording-time range and a label. Builds outside the filter
/// are skipped entirely, so "changed" means "changed since the previous matching build".
public struct BuildFilter: Sendable, Equatable {
    public var lowestVersion: VersionNumber?
    public var highestVersion: VersionNumber?
    /// Seconds since 1970, inclusive.
    public var since: Int64?
    public var until: Int64?
    public var label: String?

    public init() {}

    /// Parses `--versions`; a message naming the problem when malformed.
    public mutating func setVersions(_ text: String) throws(UserFacingError) {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, !(parts[0].isEmpty && parts[1].isEmpty) else {
            throw UserFacingError("--versions \(VisibleText.quoted(text)) is not a version range (use 1.2..1.5, 1.2.. or ..1.5)")
        }
        var ends: [VersionNumber?] = []
        for part in parts {
            if part.isEmpty { ends.append(nil); continue }
            switch VersionNumber.parse(part) {
            case .success(let v): ends.append(v)
            case .failure(let problem):
                throw UserFacingError("--versions \(VisibleText.quoted(text)) is not a version range: \(VisibleText.quoted(part)) \(problem.reason) "
                                      + "(use period-separated integers: 1.2..1.5, 1.2.. or ..1.5)")
            }
        }
        lowestVersion = ends[0]
        highestVersion = ends[1]
        if let low = lowestVersion, let high = highestVersion, high < low {
            throw UserFacingError("--versions \(VisibleText.quoted(text)): \(low) comes after \(high)")
        }
    }

    /// Parses a `--since`/`--until` value: an ISO-8601 time, or a day `2026-11-01` (the
    /// whole day, UTC). `endOfDay` makes a day mean its last second.
    public static func time(_ text: String, option: String, endOfDay: Bool) throws(UserFacingError) -> Int64 {
        if let t = Timestamp.parse(text) { return t }
        let day = text.split(separator: "-", omittingEmptySubsequences: false)
        if day.count == 3, day[0].count == 4, day[1].count == 2, day[2].count == 2,
           let t = Timestamp.parse(text + "T00:00:00Z") {
            return endOfDay ? t + 86_399 : t
        }
        throw UserFacingError("\(option) \(VisibleText.quoted(text)) is not a date (use 2026-11-01 or 2026-11-01T09:00:00Z)")
    }

    public func admits(_ build: RecordedBuild) -> Bool {
        if let label, build.label != label { return false }
        if let since, build.recordedAt < since { return false }
        if let until, build.recordedAt > until { return false }
        guard lowestVersion != nil || highestVersion != nil else { return true }
        guard let version = build.shortVersion.flatMap(VersionNumber.init) else { return false }
        if let low = lowestVersion, version < low { return false }
        if let high = highestVersion, high < version { return false }
        return true
    }
}
