import BundleModel

/// What changed in one bundle: a matched pair (same bundle id, or same path relative to
/// the outermost bundle), or a bundle that only one side has.
public struct BundleComparison: Sendable, Hashable {
    /// Whether the bundle is on both sides.
    public enum Status: String, Sendable, Hashable {
        case matched, added, removed
    }

    public var status: Status
    /// The bundle in the old build (nil when added).
    public var old: BundleInfo?
    /// The bundle in the new build (nil when removed).
    public var new: BundleInfo?
    /// A stable, human name for the bundle: its identifier, else its path relative to the
    /// outermost bundle (`Frameworks/Core.framework`), else the bundle's own name.
    public var name: String
    /// Files added, removed and modified inside this bundle (nested bundles excluded;
    /// moved files and signature noise are reported apart).
    public var files: FileChanges
    /// Property lists (Info.plist, `.strings`, any decoded plist) whose values changed.
    public var plistChanges: [PlistFileChange]
    /// Signature-only changes: re-sealed `CodeResources`, re-signed executables.
    public var signatureNoise: [SignatureNoise]
    /// Localization folder names (without `.lproj`) present only in the new bundle.
    public var localizationsAdded: [String]
    /// Localization folder names present only in the old bundle.
    public var localizationsRemoved: [String]
    /// Folders renamed to another spelling of the same language (`pt_BR` → `pt-BR`).
    public var localizationsRenamed: [LocalizationRename]
    /// For a removed bundle: the added bundle that replaced it (see `BundleReplacement`
    /// for the evidence), else nil.
    public var replacedBy: String?
    /// For an added bundle: the removed bundle it replaced, else nil.
    public var replaces: String?

    public init(status: Status, old: BundleInfo?, new: BundleInfo?, name: String,
                files: FileChanges = FileChanges(), plistChanges: [PlistFileChange] = [],
                signatureNoise: [SignatureNoise] = [], localizationsAdded: [String] = [],
                localizationsRemoved: [String] = [], localizationsRenamed: [LocalizationRename] = []) {
        self.status = status
        self.old = old
        self.new = new
        self.name = name
        self.files = files
        self.plistChanges = plistChanges
        self.signatureNoise = signatureNoise
        self.localizationsAdded = localizationsAdded
        self.localizationsRemoved = localizationsRemoved
        self.localizationsRenamed = localizationsRenamed
        self.replacedBy = nil
        self.replaces = nil
    }

    /// The bundle as the newer side has it, else the older.
    public var bundle: BundleInfo? { new ?? old }

    /// Whether this is an outermost bundle (no containing bundle).
    public var isOutermost: Bool { (new ?? old)?.parentPath == nil }

    /// Whether nothing changed in this bundle (files it lost or gained by a move aside:
    /// those are in `files.movedAway` / `files.movedHere` and the build's moves).
    public var isEmpty: Bool {
        files.isEmpty && plistChanges.isEmpty && signatureNoise.isEmpty
            && localizationsAdded.isEmpty && localizationsRemoved.isEmpty && localizationsRenamed.isEmpty
    }
}

/// A localization folder that changed its spelling but not its language.
public struct LocalizationRename: Sendable, Hashable {
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }
}
