/// Every rule, by stable id: the compiler-checked registry. Adding a case forces a rule
/// type in `ruleType` (the switch is exhaustive), and ids never change once published.
public enum RuleID: String, Sendable, Hashable, CaseIterable, Codable {
    case buildNotIncreased = "version.build-not-increased"
    case malformedVersion = "version.malformed"
    case shortVersionDecreased = "version.short-version-decreased"
    case shortVersionComponents = "version.short-version-components"
    case nestedVersionMismatch = "version.nested-mismatch"
    case nestedAppVersionMismatch = "version.nested-app-mismatch"
    case missingLocalizedFile = "l10n.missing-file"
    case stringKeysDiffer = "l10n.string-keys"
    case formatSpecifierMismatch = "l10n.format-specifiers"
    case formatArgumentMissing = "l10n.format-argument-missing"
    case unreadableTable = "l10n.unreadable-table"
    case untranslatedValue = "l10n.untranslated"
    case infoPlistStrings = "l10n.infoplist-strings"
    case languageDropped = "l10n.language-dropped"
    case declaredLanguages = "l10n.declared-languages"
    case legacyFolderName = "l10n.legacy-folder-name"
    case invalidFolderName = "l10n.invalid-folder-name"
    case resourceMoved = "moves.resource-moved"
    case movedBetweenBundles = "moves.between-bundles"
    case localizationMove = "moves.localization-changed"
    case caseOnlyRename = "moves.case-only-rename"
    // Check rules (`CheckRule`): judge one build; `check` runs them, `diff` on the new side.
    case iosResourcesFolder = "structure.ios-resources-folder"
    case sealChanged = "seal.changed"
    case sealAdded = "seal.added"
    case sealMissing = "seal.missing"
    case sealSymlink = "seal.symlink"
    case sealNested = "seal.nested"
    case sealInvalid = "seal.invalid"
    case profileKind = "profile.kind"
    case profileExpired = "profile.expired"
    case profileExpiring = "profile.expiring"
    case profileAppIDPrefix = "profile.app-id-prefix"
    case profileBundleID = "profile.bundle-id"
    case profileGetTaskAllow = "profile.get-task-allow"
    case profilePushEnvironment = "profile.push-environment"
    case profileDevices = "profile.devices"
    case entitlementsChanged = "entitlements.changed"
    case xcframeworkLibraries = "structure.xcframework-libraries"
    case infoPlistRequiredKeys = "info-plist.required-keys"
    case minimumOSVersion = "info-plist.minimum-os-version"
    case strayBinary = "structure.stray-binary"
    case nestedFrameworks = "structure.nested-frameworks"
    case duplicateIdentifier = "info-plist.duplicate-identifier"
    case disallowedPath = "structure.disallowed-path"
    case bundleExecutable = "info-plist.bundle-executable"
    case bundleIdentifierCharset = "info-plist.bundle-identifier-charset"
    case infoPlistValues = "info-plist.values"
    case extensionPoint = "info-plist.extension-point"
    case frameworkLocation = "structure.framework-location"
    case infoPlistSpelling = "info-plist.spelling"
    case frameworkVersions = "structure.framework-versions"
    case dottedCodeFolder = "structure.dotted-code-folder"
    case contentPlacement = "structure.content-placement"
    case iconFiles = "info-plist.icon-files"
    case localizedImageDefault = "structure.localized-image-default"
    // Container rules: judge two snapshots of an app's data container (the migration report).
    case containerMovedToPurgeable = "container.moved-to-purgeable"
    case containerDocumentsMoved = "container.documents-moved"
    case containerInboxWritten = "container.inbox-written"
    case containerInboxLeft = "container.inbox-left"
    case containerPreferencesFile = "container.preferences-file"
    case containerSettingRemoved = "container.setting-removed"
    case containerSettingRenamed = "container.setting-renamed"
    case containerApplicationSupportLoose = "container.application-support-loose"
    case containerBundleWritten = "container.bundle-written"
    case privacyManifestInvalid = "privacy.manifest-invalid"
    case sdkManifestMissing = "privacy.sdk-manifest-missing"
    case requiredReasonUndeclared = "privacy.required-reason-undeclared"
    case unsupportedArchitecture = "binary.unsupported-architecture"
    case simulatorPlatform = "info-plist.simulator-platform"
    case iconName = "info-plist.icon-name"
    case iPadOrientations = "info-plist.ipad-orientations"
    case iPadLaunchScreen = "info-plist.ipad-launch-screen"
    case architectureDropped = "binary.architecture-dropped"
    case minimumOSRaised = "binary.minimum-os-raised"
    case librariesChanged = "binary.libraries-changed"
    case usageDescriptionMissing = "binary.usage-description-missing"
    case rpathsChanged = "binary.rpaths-changed"
    case sdkChanged = "binary.sdk-changed"
    case encryptionChanged = "binary.encryption-changed"
    case uuidUnchanged = "binary.uuid-unchanged"
    case becameAdHoc = "signature.became-ad-hoc"
    case hardenedRuntimeDropped = "signature.hardened-runtime-dropped"
    case entitlementsNotGranted = "profile.entitlements-not-granted"
    case minimumOSMismatch = "binary.minimum-os-mismatch"
    case executableNotMachO = "binary.executable-not-macho"
    case linkedArchitectureMissing = "binary.linked-architecture-missing"
    case storeEmptied = "container.store-emptied"
    case storeTableEmptied = "container.store-table-emptied"
    case storeMigrated = "container.store-migrated"
    case storeOrphanWAL = "container.store-orphan-wal"
    case storeUnreadable = "container.store-unreadable"

    /// The rule type that implements this id.
    public var ruleType: any Rule.Type {
        switch self {
        case .buildNotIncreased: BuildNotIncreasedRule.self
        case .malformedVersion: MalformedVersionRule.self
        case .shortVersionDecreased: ShortVersionDecreasedRule.self
        case .shortVersionComponents: ShortVersionComponentsRule.self
        case .nestedVersionMismatch: NestedVersionMismatchRule.self
        case .nestedAppVersionMismatch: NestedAppVersionMismatchRule.self
        case .missingLocalizedFile: MissingLocalizedFileRule.self
        case .stringKeysDiffer: StringKeysRule.self
        case .formatSpecifierMismatch: FormatSpecifierRule.self
        case .formatArgumentMissing: FormatArgumentMissingRule.self
        case .unreadableTable: UnreadableTableRule.self
        case .untranslatedValue: UntranslatedValueRule.self
        case .infoPlistStrings: InfoPlistStringsRule.self
        case .languageDropped: LanguageDroppedRule.self
        case .declaredLanguages: DeclaredLanguagesRule.self
        case .legacyFolderName: LegacyFolderNameRule.self
        case .invalidFolderName: InvalidFolderNameRule.self
        case .resourceMoved: ResourceMovedRule.self
        case .movedBetweenBundles: MovedBetweenBundlesRule.self
        case .localizationMove: LocalizationMoveRule.self
        case .caseOnlyRename: CaseOnlyRenameRule.self
        case .iosResourcesFolder: IOSResourcesFolderRule.self
        case .sealChanged: SealChangedRule.self
        case .sealAdded: SealAddedRule.self
        case .sealMissing: SealMissingRule.self
        case .sealSymlink: SealSymlinkRule.self
        case .sealNested: SealNestedRule.self
        case .sealInvalid: SealInvalidRule.self
        case .profileKind: ProfileKindRule.self
        case .profileExpired: ProfileExpiredRule.self
        case .profileExpiring: ProfileExpiringRule.self
        case .profileAppIDPrefix: ProfileAppIDRule.self
        case .profileBundleID: ProfileBundleIDRule.self
        case .profileGetTaskAllow: ProfileGetTaskAllowRule.self
        case .profilePushEnvironment: ProfilePushEnvironmentRule.self
        case .profileDevices: ProfileDevicesRule.self
        case .entitlementsChanged: EntitlementsChangedRule.self
        case .xcframeworkLibraries: XCFrameworkLibrariesRule.self
        case .infoPlistRequiredKeys: InfoPlistRequiredKeysRule.self
        case .minimumOSVersion: MinimumOSVersionRule.self
        case .strayBinary: StrayBinaryRule.self
        case .nestedFrameworks: NestedFrameworksRule.self
        case .duplicateIdentifier: DuplicateIdentifierRule.self
        case .disallowedPath: DisallowedPathRule.self
        case .bundleExecutable: BundleExecutableRule.self
        case .bundleIdentifierCharset: BundleIdentifierCharsetRule.self
        case .infoPlistValues: InfoPlistValuesRule.self
        case .extensionPoint: ExtensionPointRule.self
        case .frameworkLocation: FrameworkLocationRule.self
        case .infoPlistSpelling: InfoPlistSpellingRule.self
        case .frameworkVersions: FrameworkVersionsRule.self
        case .dottedCodeFolder: DottedCodeFolderRule.self
        case .contentPlacement: ContentPlacementRule.self
        case .iconFiles: IconFilesRule.self
        case .localizedImageDefault: LocalizedImageDefaultRule.self
        case .containerMovedToPurgeable: ContainerPurgeableMoveRule.self
        case .containerDocumentsMoved: ContainerDocumentsMoveRule.self
        case .containerInboxWritten: ContainerInboxWriteRule.self
        case .containerInboxLeft: ContainerInboxLeftRule.self
        case .containerPreferencesFile: ContainerPreferencesFileRule.self
        case .containerSettingRemoved: ContainerSettingRemovedRule.self
        case .containerSettingRenamed: ContainerSettingRenamedRule.self
        case .containerApplicationSupportLoose: ContainerApplicationSupportRule.self
        case .containerBundleWritten: ContainerBundleWrittenRule.self
        case .privacyManifestInvalid: PrivacyManifestInvalidRule.self
        case .sdkManifestMissing: SDKManifestMissingRule.self
        case .requiredReasonUndeclared: RequiredReasonUndeclaredRule.self
        case .unsupportedArchitecture: UnsupportedArchitectureRule.self
        case .simulatorPlatform: SimulatorPlatformRule.self
        case .iconName: IconNameRule.self
        case .iPadOrientations: IPadOrientationsRule.self
        case .iPadLaunchScreen: IPadLaunchScreenRule.self
        case .architectureDropped: ArchitectureDroppedRule.self
        case .minimumOSRaised: MinimumOSRaisedRule.self
        case .librariesChanged: LibrariesChangedRule.self
        case .usageDescriptionMissing: UsageDescriptionMissingRule.self
        case .rpathsChanged: RpathsChangedRule.self
        case .sdkChanged: SDKChangedRule.self
        case .encryptionChanged: EncryptionChangedRule.self
        case .uuidUnchanged: UUIDUnchangedRule.self
        case .becameAdHoc: BecameAdHocRule.self
        case .hardenedRuntimeDropped: HardenedRuntimeDroppedRule.self
        case .entitlementsNotGranted: EntitlementsNotGrantedRule.self
        case .minimumOSMismatch: MinimumOSMismatchRule.self
        case .executableNotMachO: ExecutableNotMachORule.self
        case .linkedArchitectureMissing: LinkedArchitectureMissingRule.self
        case .storeEmptied: StoreEmptiedRule.self
        case .storeTableEmptied: StoreTableEmptiedRule.self
        case .storeMigrated: StoreMigratedRule.self
        case .storeOrphanWAL: StoreOrphanWALRule.self
        case .storeUnreadable: StoreUnreadableRule.self
        }
    }

    /// The rule's self-description.
    public var description: RuleDescription { ruleType.description }

    /// Whether `bundlediff check` runs the rule: every rule that judges one build
    /// (`CheckRule`), and the version rules that judge each bundle of the new build as it is
    /// (`singleBuildVersionRules`).
    public var isCheck: Bool { ruleType is any CheckRule.Type || Self.singleBuildVersionRules.contains(self) }

    /// Version rules whose findings need no earlier build: App Store Connect refuses the
    /// version strings they name whatever was uploaded before (`version.malformed` leaves
    /// missing keys to `info-plist.required-keys` in `check`: `RuleContext.judgesOneBuild`).
    static let singleBuildVersionRules: Set<RuleID> = [.shortVersionComponents, .malformedVersion]

    /// The rules `bundlediff check` runs: every `CheckRule`.
    public static let checkRules: Set<RuleID> = Set(allCases.filter(\.isCheck))

    /// The rules a comparison of two data containers runs (the migration report).
    public static let containerRules: Set<RuleID> = Set(allCases.filter { $0.rawValue.hasPrefix("container.") })

    /// The rules a comparison of two builds runs: every rule but the container rules.
    public static let buildRules: Set<RuleID> = Set(allCases).subtracting(containerRules)

    /// The rules `bundlediff gate` runs: version and nested-version rules.
    public static let versionRules: Set<RuleID> = [
        .buildNotIncreased, .malformedVersion, .shortVersionDecreased, .shortVersionComponents,
        .nestedVersionMismatch, .nestedAppVersionMismatch,
    ]
}
