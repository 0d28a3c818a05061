import BundleModel
import FoundationEssentials
import Platform
import Git

extension HistoryStore {
    /// The author and committer of every recorded build.
    static let authorName = "bundlediff"
    static let authorEmail = "bundlediff@localhost"
    /// Compare-and-swap attempts before giving up.
    static let maxAttempts = 50

    /// Records a build: writes its objects as one pack, then moves
    /// `refs/heads/<app>/<channel>` by compare-and-swap (retrying lost races on top of
    /// the new tip), points an unborn HEAD at it, then writes the version tag and the
    /// user tags. When the tip already holds the same tree (and `allowDuplicate` is off)
    /// nothing new is committed.
    public func record(_ snapshot: BuildSnapshot, options: RecordOptions) throws(StoreError) -> RecordResult {
        try serialized { () throws(StoreError) in try recordAlone(snapshot, options: options) }
    }

    private func recordAlone(_ snapshot: BuildSnapshot, options: RecordOptions) throws(StoreError) -> RecordResult {
        // Objects queued by an earlier record that failed half-way are not part of this one.
        repository.discardPendingObjects()
        try validate(options)
        let app = Self.appIdentifier(of: snapshot)
        guard !app.isEmpty else {
            throw StoreError(.invalidInput, repository: path, "the build has no bundle identifier or bundle name to record it under")
        }
        let kind: RecordedBuild.Kind = snapshot.isContainer ? .container : .build
        let branch = RefNames.branch(app: app, channel: options.channel, kind: kind)
        try checkNames(branch: branch, app: app, snapshot: snapshot)
        let (files, bytes) = (snapshot.fileCount, snapshot.totalBytes)
        let (tree, records): (ObjectID, [ObjectID: FileRecord.Decoded]?)
        // A history whose builds some command has read (its cache area exists) keeps this
        // one's files in its cache (below); one only ever recorded into pays nothing.
        let cache = snapshotCache
        do {
            (tree, records) = try SnapshotTreeWriter(repository: repository).write(snapshot, files: files, bytes: bytes,
                                                                                   keepRecords: cache.exists)
        } catch {
            switch error {
            case .invalidPath(let why): throw StoreError(.invalidInput, repository: path, "cannot record path \(why)")
            case .git(let gitError): throw StoreError(gitError, repository: path)
            }
        }
        // A container has no version of its own: it never gets a version tag, and its
        // message names the app build it belongs to, when known.
        let main = kind == .build ? snapshot.mainBundle : nil
        let message = Self.commitMessage(snapshot, app: app, kind: kind, options: options, files: files, bytes: bytes)
        let signature = Signature(name: Self.authorName, email: Self.authorEmail, time: options.recordedAt)
        let writerLock = try WriterLock.acquire(gitDirectory: repository.path, history: path)
        repository.breaksStaleLocks = writerLock != nil
        if writerLock != nil { repository.removeAbandonedPackFiles(olderThan: 3600) }
        defer { repository.breaksStaleLocks = false; writerLock?.release() }
        var retries = 0
        var commit: ObjectID
        var already = false
        while true {
            let tip = try git { () throws(GitError) in try repository.referenceTarget(branch) }
            if let tip, !options.allowDuplicate, try git({ () throws(GitError) in try repository.commit(tip).tree }) == tree {
                commit = tip
                already = true
                try writeObjects()
                break
            }
            commit = try git { () throws(GitError) in
                try repository.createCommit(tree: tree, parents: tip.map { [$0] } ?? [], author: signature,
                                            committer: signature, message: message.text)
            }
            try writeObjects()
            do {
                try repository.updateReference(branch, to: commit, expected: tip, message: "bundlediff: record \(app)")
                break
            } catch where error.code == .concurrentUpdate || error.code == .locked {
                retries += 1
                if retries >= Self.maxAttempts {
                    if error.code == .locked { throw StoreError(.locked, repository: path, error.description) }
                    throw StoreError(.git, repository: path, "gave up moving \(branch) after \(retries) lost races")
                }
                Self.backoff(attempt: retries)
            } catch {
                var failure = StoreError(error, repository: path)
                failure.message += "; the build was not recorded"
                throw failure
            }
        }
        maintainPacks(repacking: writerLock != nil)
        // Derived data, made while the records and the decoded property lists are at hand,
        // for a history whose builds are read: the first `diff` or `gate` to read this build
        // loads its files and property lists rather than reading every file record and
        // parsing every canonical text. The build has landed; a cache that cannot be written
        // is only not there.
        if let records {
            let reader = SnapshotTreeReader(repository: repository, cache: cache)
            try? reader.cacheRecordedFiles(tree: tree, records: records)
            try? reader.cacheRecordedPlists(tree: tree, plists: snapshot.plists)
        }
        var written: [String] = []
        var versionTag: String?
        var collided = false
        do throws(StoreError) {
            try pointHeadIfUnborn(at: branch)
            if let short = main?.shortVersion, let build = main?.version {
                let result = try ensureVersionTag(app: app, shortVersion: short, build: build, commit: commit)
                versionTag = result.name
                let again = result.n > 1
                    ? (try? sameTreeTagged(app: app, shortVersion: short, build: build, below: result.n, tree: tree)) ?? false
                    : false
                collided = result.n > 1 && !again
                if result.created { written.append(result.name) }
            }
            for tag in options.userTags {
                do {
                    try repository.createReference(RefNames.tagsPrefix + tag, target: commit, message: "bundlediff: tag")
                    written.append(tag)
                } catch where error.code == .concurrentUpdate {
                    throw StoreError(.tagExists, repository: path,
                                     "tag \(tag) was created by someone else meanwhile (the build was recorded as \(commit.prefix(10)))")
                } catch {
                    throw StoreError(error, repository: path)
                }
            }
        } catch where error.kind != .tagExists {
            var failure = error  // a full disk, say: the branch has moved, the tags are not all there
            failure.message += "; the build was recorded as \(commit.prefix(10)) but not fully tagged: record it again to finish"
            throw failure
        }
        if writerLock != nil { maintainReferences() }
        // A commit made now is named by the tags made now; an existing one is looked up.
        let tags = already ? nil : (versionTag.map { [$0] } ?? []) + options.userTags
        let build = try recordedBuild(commit: commit, tags: tags)
        return RecordResult(build: build, ref: branch, tagsWritten: written, versionTag: versionTag,
                            versionTagCollided: collided, wasAlreadyRecorded: already, retries: retries)
    }

    /// The message of the commit that records `snapshot` under `app`.
    static func commitMessage(_ snapshot: BuildSnapshot, app: String, kind: RecordedBuild.Kind, options: RecordOptions,
                              files: Int, bytes: UInt64) -> CommitMessage {
        let main = kind == .build ? snapshot.mainBundle : nil
        let belongs = kind == .container ? options.appBuild : nil
        return CommitMessage(bundleId: app, shortVersion: main?.shortVersion ?? belongs?.shortVersion,
                             build: main?.version ?? belongs?.build,
                             platform: main?.platform ?? belongs?.platform, source: snapshot.sourceName,
                             label: options.label, channel: options.channel, files: files, bytes: bytes,
                             recordedAt: options.recordedAt, toolVersion: options.toolVersion, kind: kind)
    }

    func validate(_ options: RecordOptions) throws(StoreError) {
        if let problem = options.problem { throw StoreError(.invalidInput, repository: path, problem) }
        for tag in options.userTags {
            if try git({ () throws(GitError) in try repository.referenceTarget(RefNames.tagsPrefix + tag) }) != nil {
                throw StoreError(.tagExists, repository: path, "tag \(tag) already exists; choose another name")
            }
        }
    }

    /// Every reference name this recording may write, checked before anything is: a name
    /// the file system refuses would otherwise fail after the branch has moved, leaving
    /// the build half-recorded (and every later run failing the same way).
    func checkNames(branch: String, app: String, snapshot: BuildSnapshot) throws(StoreError) {
        func refuse(_ what: String, _ why: String) -> StoreError {
            StoreError(.invalidInput, repository: path, "\(what) \(why); the build was not recorded")
        }
        if let why = RefNames.storageProblem(branch) {
            throw refuse("the branch for this bundle identifier", why)
        }
        if !snapshot.isContainer, let main = snapshot.mainBundle, let short = main.shortVersion, let build = main.version {
            let longest = RefNames.versionTag(app: app, shortVersion: short, build: build, n: 1)
                + RefNames.longestCollisionSuffix
            if let why = RefNames.storageProblem(RefNames.tagsPrefix + longest) {
                throw refuse("the version tag made of the bundle identifier, CFBundleShortVersionString "
                             + "and CFBundleVersion", why)
            }
        }
    }

    /// The bundle identifier of the main bundle, else its directory name without the
    /// extension, else the source file name without its extension. A data container's is
    /// the app it belongs to.
    public static func appIdentifier(of snapshot: BuildSnapshot) -> String {
        if let container = snapshot.container { return container.appIdentifier }
        if let main = snapshot.mainBundle {
            if let id = main.identifier, !id.isEmpty { return id }
            return stem(main.path.nameString)
        }
        return stem(snapshot.sourceName)
    }

    private static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    private static func backoff(attempt: Int) {
        let ceiling = min(50, 2 + attempt * 2)
        let millis = Int.random(in: 1...ceiling)
        DetachedThread.sleep(seconds: Double(millis) / 1000)
    }

    /// Points an unborn HEAD at `branch`. Two first recordings may race for HEAD's lock:
    /// the loser re-reads HEAD and is done once the winner has pointed it at a real ref.
    func pointHeadIfUnborn(at branch: String) throws(StoreError) {
        var attempt = 0
        while true {
            do {
                if let head = try repository.headReferenceName(), try repository.referenceTarget(head) != nil { return }
                try repository.setHead(to: branch)
                return
            } catch where error.code == .locked && attempt < Self.maxAttempts {
                attempt += 1
                Self.backoff(attempt: attempt)
            } catch {
                throw StoreError(error, repository: path)
            }
        }
    }

    /// Makes `<app>@<short>+<build>` (or the first free `#n`) name `commit`; reuses a
    /// tag of that family that already names it.
    /// Whether one of the version's first `n - 1` tags names a commit of `tree`: the same
    /// build recorded again, not other content under its version.
    func sameTreeTagged(app: String, shortVersion: String, build: String, below n: Int, tree: ObjectID)
        throws(StoreError) -> Bool {
        for k in 1..<max(n, 1) {
            let full = RefNames.tagsPrefix + RefNames.versionTag(app: app, shortVersion: shortVersion, build: build, n: k)
            guard let target = try git({ () throws(GitError) in try repository.referenceTarget(full) }) else { continue }
            if try git({ () throws(GitError) in try repository.commit(target).tree }) == tree { return true }
        }
        return false
    }

    func ensureVersionTag(app: String, shortVersion: String, build: String, commit: ObjectID)
        throws(StoreError) -> (name: String, n: Int, created: Bool) {
        var n = 1
        var races = 0
        while n <= 1000 {
            let name = RefNames.versionTag(app: app, shortVersion: shortVersion, build: build, n: n)
            let full = RefNames.tagsPrefix + name
            let existing = try git { () throws(GitError) in try repository.referenceTarget(full) }
            if existing == commit { return (name, n, false) }
            if existing == nil {
                do {
                    try repository.createReference(full, target: commit, message: "bundlediff: version tag")
                    return (name, n, true)
                } catch where error.code == .concurrentUpdate && races < Self.maxAttempts {
                    races += 1
                    continue  // someone took this name meanwhile: look at it again
                } catch where error.code == .concurrentUpdate {
                    n += 1  // the name cannot be created (e.g. a tag folder of that name)
                    continue
                } catch {
                    throw StoreError(error, repository: path)
                }
            }
            n += 1
        }
        throw StoreError(.git, repository: path, "too many version tags for \(app) \(shortVersion) (\(build))")
    }
}
