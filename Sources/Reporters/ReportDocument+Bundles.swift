import BundleModel
import Comparison
import MachO

/// The JSON report's bundles: summary numbers, file changes, plist key changes and
/// signature noise. Paths are whole paths within the build (`BundlePath.description`:
/// invalid UTF-8 and control characters escaped). A file the build recorded Mach-O facts
/// for carries them (`machO`: architectures, minimum OS and SDK per platform).
extension ReportDocument {
    struct BundleEntry: Encodable {
        var name: String
        var status: String
        /// A removed bundle's replacement (an added bundle's name), when the builds show one.
        var replacedBy: String?
        /// The removed bundle an added one replaced.
        var replaces: String?
        var old: Versions?
        var new: Versions?
        var summary: Summary
        var files: FileChangesEntry
        var plistChanges: [PlistChangeEntry]
        var signatureNoise: [NoiseEntry]

        init(_ b: BundleComparison, summary s: BundleSummary, comparison c: BuildComparison) {
            name = b.name
            status = b.status.rawValue
            replacedBy = b.replacedBy
            replaces = b.replaces
            old = b.old.map(Versions.init)
            new = b.new.map(Versions.init)
            summary = Summary(filesAdded: s.filesAdded, filesRemoved: s.filesRemoved, filesModified: s.filesModified,
                              filesMovedAway: s.filesMovedAway, filesMovedHere: s.filesMovedHere,
                              oldBytes: s.oldBytes, newBytes: s.newBytes, bytesDelta: s.bytesDelta,
                              languages: s.languages, languagesAdded: s.languagesAdded,
                              languagesRemoved: s.languagesRemoved,
                              languagesRenamed: s.languagesRenamed.map { Rename(from: $0.from, to: $0.to) })
            files = FileChangesEntry(b.files, comparison: c)
            plistChanges = b.plistChanges.map(PlistChangeEntry.init)
            signatureNoise = b.signatureNoise.map { NoiseEntry(kind: $0.kind.rawValue, path: $0.path.description) }
        }
    }

    /// The numbers every format shows for a bundle.
    struct Summary: Encodable {
        var filesAdded: Int
        var filesRemoved: Int
        var filesModified: Int
        /// Old files a move accounts for (in `moves`, not in `files.removed`).
        var filesMovedAway: Int
        /// New files a move accounts for (in `moves`, not in `files.added`).
        var filesMovedHere: Int
        var oldBytes: UInt64
        var newBytes: UInt64
        var bytesDelta: Int64
        var languages: [String]
        var languagesAdded: [String]
        var languagesRemoved: [String]
        var languagesRenamed: [Rename]
    }

    struct Rename: Encodable {
        var from: String
        var to: String
    }

    struct FileChangesEntry: Encodable {
        var added: [FileEntryJSON]
        var removed: [FileEntryJSON]
        var modified: [Modification]

        init(_ changes: FileChanges, comparison c: BuildComparison) {
            let old = c.old.machO, new = c.new.machO
            added = changes.added.map { FileEntryJSON($0, machO: new[$0.path]) }
            removed = changes.removed.map { FileEntryJSON($0, machO: old[$0.path]) }
            modified = changes.modified.map {
                Modification(path: $0.path.description, old: FileEntryJSON($0.old, machO: old[$0.old.path]),
                             new: FileEntryJSON($0.new, machO: new[$0.new.path]),
                             sizeDelta: $0.sizeDelta, isModeOnly: $0.isModeOnly)
            }
        }
    }

    /// One file as recorded: kind, size, executable bit, SHA-256, symlink target, and its
    /// Mach-O facts when the build recorded them.
    struct FileEntryJSON: Encodable {
        var path: String
        var kind: String
        var size: UInt64
        var isExecutable: Bool
        var sha256: String?
        var symlinkTarget: String?
        var machO: MachOEntry?

        init(_ e: FileEntry, machO facts: MachOFile? = nil) {
            path = e.path.description
            kind = e.kind.rawValue
            size = e.size
            isExecutable = e.isExecutable
            sha256 = e.sha256?.description
            symlinkTarget = e.symlinkTarget.map { BundlePath(bytes: $0).description }
            machO = facts.map(MachOEntry.init)
        }
    }

    /// A Mach-O file's facts in the report: architectures in file order, and per platform
    /// (sorted by number) the lowest minimum OS and highest SDK its slices declare.
    struct MachOEntry: Encodable {
        var architectures: [String]
        var platforms: [PlatformEntry]

        init(_ file: MachOFile) {
            architectures = file.architectures
            platforms = file.platforms.sorted { $0.rawValue < $1.rawValue }.map { p in
                PlatformEntry(platform: p.description, minimumOS: file.minimumOS(for: p)?.description ?? "",
                              sdk: file.sdk(for: p)?.description ?? "")
            }
        }
    }

    struct PlatformEntry: Encodable {
        var platform: String
        var minimumOS: String
        var sdk: String
    }

    struct Modification: Encodable {
        var path: String
        var old: FileEntryJSON
        var new: FileEntryJSON
        var sizeDelta: Int64
        var isModeOnly: Bool
    }

    struct PlistChangeEntry: Encodable {
        var path: String
        var oldPath: String
        var formatChange: FormatChangeEntry?
        var decodeProblem: String?
        var isFormatOnly: Bool
        var keyChanges: [KeyChangeEntry]

        init(_ p: PlistFileChange) {
            path = p.path.description
            oldPath = p.oldPath.description
            formatChange = p.formatChange.map {
                FormatChangeEntry(oldFormat: $0.oldFormat.rawValue, newFormat: $0.newFormat.rawValue,
                                  oldEncoding: $0.oldEncoding?.rawValue, newEncoding: $0.newEncoding?.rawValue)
            }
            decodeProblem = p.decodeProblem
            isFormatOnly = p.isFormatOnly
            keyChanges = p.keyChanges.map {
                KeyChangeEntry(keyPath: $0.keyPath, key: $0.keyPathDescription, kind: $0.kind.rawValue,
                               oldValue: $0.oldValue.map(PlistValueJSON.init),
                               newValue: $0.newValue.map(PlistValueJSON.init))
            }
        }
    }

    struct FormatChangeEntry: Encodable {
        var oldFormat: String
        var newFormat: String
        var oldEncoding: String?
        var newEncoding: String?
    }

    /// A key whose value changed; values keep their type (`{"type": "integer", "value": "42"}`).
    struct KeyChangeEntry: Encodable {
        var keyPath: [String]
        var key: String
        var kind: String
        var oldValue: PlistValueJSON?
        var newValue: PlistValueJSON?
    }

    struct NoiseEntry: Encodable {
        var kind: String
        var path: String
    }
}
