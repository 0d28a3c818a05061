import ArgumentParser
import BundleDiffKit

struct HistoryKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "One key's value across builds: only the builds where it appeared, changed or was removed.")

    @Argument(help: ArgumentHelp("The key path (CFBundleVersion, UIDeviceFamily[0], NSExtension.NSExtensionAttributes).",
                                 valueName: "key.path"))
    var key: String

    @Option(help: ArgumentHelp("Read the Info.plist of this bundle (identifier or path) instead of the main one.",
                               valueName: "id-or-path"))
    var bundle: String?

    @Option(help: ArgumentHelp("Read this property list of the build (e.g. MyApp.app/fr.lproj/Localizable.strings).",
                               valueName: "path"))
    var file: String?

    @Option(help: ArgumentHelp("Read the key from this language's .strings and .stringsdict files (of the main bundle "
                               + "or --bundle), e.g. --language fr.", valueName: "lang"))
    var language: String?

    @OptionGroup var options: HistoryQueryOptions

    func validate() throws {
        if bundle != nil, file != nil { throw ValidationError("give --bundle or --file, not both") }
        if language != nil, file != nil { throw ValidationError("give --language or --file, not both") }
    }

    func run() throws { try options.answer(.key(key, bundle: bundle, file: file, language: language)) }
}

struct HistoryPathCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path",
        abstract: "One path's history: when it appeared, changed size or content, moved, or vanished.")

    @Argument(help: ArgumentHelp("A path in the build, as recorded (MyApp.app/Assets.car).", valueName: "path"))
    var path: String

    @OptionGroup var options: HistoryQueryOptions

    func run() throws { try options.answer(.path(path)) }
}

struct HistoryLanguagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "languages",
        abstract: "Localization completeness over time per language, and the builds that added or dropped one.")

    @Option(help: ArgumentHelp("The bundle (identifier or path); default: the main bundle.", valueName: "id-or-path"))
    var bundle: String?

    @Option(help: ArgumentHelp("The reference language (default: CFBundleDevelopmentRegion, else Base, "
                               + "else en, else the first language).", valueName: "lang"))
    var reference: String?

    @OptionGroup var options: HistoryQueryOptions

    func run() throws { try options.answer(.languages(bundle: bundle, reference: reference)) }
}
