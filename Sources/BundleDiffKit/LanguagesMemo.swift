import SnapshotStore

/// What `history languages` keeps from one build to the next on one thread.
struct LanguagesMemo {
    /// An `.lproj` folder of a bundle's resources: its language's name and its tree.
    struct Folder: Equatable {
        var name: [UInt8]
        var object: StoredObject
    }

    /// Everything a build's answer depends on, once its summary is read.
    struct Input: Equatable {
        var languages: [String]
        var reference: String
        var folders: [Folder]
    }

    /// A language's folder and the reference language's (nil when there is none).
    struct Pair: Hashable {
        var language: StoredObject?
        var reference: StoredObject?
    }

    /// The keys a language's folder shares with the reference's.
    var shared: [Pair: Int] = [:]
    /// The last build read and its answer.
    var last: (input: Input, found: HistoryQuery.BuildLanguages)?
}
