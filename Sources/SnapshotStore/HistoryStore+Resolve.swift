import BundleModel
import Git
import TextSafety

extension HistoryStore {
    /// Finds a recorded build from what a user typed: `latest`, `latest~N`, `previous`,
    /// a tag (short name), `<bundle-id>@<version>` (the highest build of that version),
    /// `<bundle-id>@<version>+<build>`, or a commit id or unique prefix. `app` and
    /// `channel` narrow `latest`/`previous` (needed when several apps are recorded) and
    /// the `@` forms.
    public func resolve(_ reference: String, app: String?, channel: String?) throws(StoreError) -> RecordedBuild {
        try serialized { () throws(StoreError) in try resolveAlone(reference, app: app, channel: channel) }
    }

    private func resolveAlone(_ reference: String, app: String?, channel: String?) throws(StoreError) -> RecordedBuild {
        guard !reference.isEmpty else { throw StoreError(.invalidInput, repository: path, "an empty build reference") }
        if let back = Self.latestOffset(reference) {
            let name = try pickApp(app, for: reference)
            let list = try buildsAlone(app: name, channel: channel)
            guard back < list.count else {
                throw StoreError(.notFound, repository: path,
                                 "\(VisibleText.quoted(reference)): only \(list.count) build(s) recorded for \(name)\(channel.map { " on channel \($0)" } ?? "")")
            }
            return list[back]
        }
        if RefNames.isValidUserTag(reference),
           let id = try git({ () throws(GitError) in try repository.referenceTarget(RefNames.tagsPrefix + reference) }) {
            guard let commit = try git({ () throws(GitError) in try repository.peeledCommit(id) }) else {
                throw StoreError(.notFound, repository: path, "tag '\(reference)' names no commit, so no recorded build")
            }
            return try recordedBuild(commit: commit)
        }
        if let at = try appVersionSplit(reference) {
            return try resolveVersion(app: String(reference[..<at]), spec: String(reference[reference.index(after: at)...]),
                                      channel: channel, reference: reference)
        }
        do {
            return try recordedBuild(commit: try repository.resolveCommit(reference))
        } catch let error as GitError where error.code == .ambiguous {
            throw StoreError(.ambiguous, repository: path, "\(VisibleText.quoted(reference)) matches several commits; give more digits")
        } catch let error as GitError where error.code == .damaged {
            throw StoreError(error, repository: path)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.notFound, repository: path, "no recorded build matches \(VisibleText.quoted(reference)) (use a commit id, "
                             + "a tag, <bundle-id>@<version>[+<build>], latest, latest~N or previous)")
        }
    }

    /// Where `<app>@<version>` splits: the last `@` whose prefix is a recorded app (an app
    /// named from a folder may hold `@`), else the first `@`; nil without one.
    private func appVersionSplit(_ reference: String) throws(StoreError) -> String.Index? {
        let ats = reference.indices.filter { reference[$0] == "@" && $0 != reference.startIndex }
        guard let first = ats.first else { return nil }
        guard ats.count > 1 else { return first }
        let apps = Set(try appsAlone().map(\.app))
        return ats.last { apps.contains(String(reference[..<$0])) } ?? first
    }

    /// 0 for `latest`, 1 for `previous`, N for `latest~N` (`latest~` is 1); nil otherwise.
    static func latestOffset(_ reference: String) -> Int? {
        if reference == "latest" { return 0 }
        if reference == "previous" { return 1 }
        guard reference.hasPrefix("latest~") else { return nil }
        let digits = reference.dropFirst("latest~".count)
        if digits.isEmpty { return 1 }
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    private func pickApp(_ app: String?, for reference: String) throws(StoreError) -> String {
        let apps = try appsAlone().map(\.app)
        if let app {
            guard apps.contains(app) else {
                throw StoreError(.notFound, repository: path, "no builds recorded for \(app)"
                                 + (apps.isEmpty ? "" : " (recorded apps: \(apps.joined(separator: ", ")))"))
            }
            return app
        }
        switch apps.count {
        case 0: throw StoreError(.notFound, repository: path, "no builds recorded yet")
        case 1: return apps[0]
        default:
            throw StoreError(.ambiguous, repository: path, "\(VisibleText.quoted(reference)) is ambiguous: several apps are recorded "
                             + "(\(apps.joined(separator: ", "))); name the app")
        }
    }

    private func resolveVersion(app: String, spec: String, channel: String?, reference: String) throws(StoreError) -> RecordedBuild {
        let version: String, build: String?
        if let plus = spec.firstIndex(of: "+") {
            version = String(spec[..<plus])
            build = String(spec[spec.index(after: plus)...])
        } else {
            version = spec
            build = nil
        }
        _ = try pickApp(app, for: reference)
        let candidates = try buildsAlone(app: app, channel: channel).filter { $0.shortVersion == version }
        if let build {
            if let match = candidates.first(where: { $0.build == build }) { return match }
        } else if let best = candidates.max(by: { VersionNumber.textOrder($0.build ?? "", $1.build ?? "") }) {
            return best
        }
        throw StoreError(.notFound, repository: path, "no recorded build of \(app) has version \(version)"
                         + (build.map { " build \($0)" } ?? "") + (channel.map { " on channel \($0)" } ?? ""))
    }
}
