import ArgumentParser
import BundleDiffKit

/// `bundlediff history`: questions about one app's channel over time.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Ask how an app changed over its recorded builds (oldest first).",
        discussion: """
            Every query reads one app's channel (--app, --channel; default main), oldest build first, \
            optionally only the builds in --versions, --since/--until or with --label, and writes \
            text, json, csv or html (-o FILE to write a file). Examples:
              bundlediff history builds --versions 1.2..1.5
              bundlediff history key NSCameraUsageDescription
              bundlediff history key greeting --language fr
              bundlediff history key greeting --file MyApp.app/fr.lproj/Localizable.strings
              bundlediff history path MyApp.app/Assets.car
              bundlediff history size --format html -o size.html
              bundlediff history languages
            """,
        subcommands: [HistoryBuildsCommand.self, HistoryKeyCommand.self, HistoryPathCommand.self,
                      HistorySizeCommand.self, HistoryLanguagesCommand.self],
        defaultSubcommand: HistoryBuildsCommand.self)
}

struct HistoryBuildsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "builds", abstract: "The builds: versions, dates, labels, file counts and total bytes.")

    @OptionGroup var options: HistoryQueryOptions

    func run() throws { try options.answer(.builds) }
}

struct HistorySizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "size", abstract: "Size over time: the whole build and each bundle in it.")

    @OptionGroup var options: HistoryQueryOptions

    func run() throws { try options.answer(.size) }
}
