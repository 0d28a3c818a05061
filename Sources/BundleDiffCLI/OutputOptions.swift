import ArgumentParser
import BundleDiffKit

/// `-o/--output FILE`: where a report goes instead of standard output, written by
/// `OutputFile` as a shell redirection would (links followed, devices written in place),
/// except that a regular file is replaced whole: a reader never sees half a report and
/// a failed run leaves the old file in place.
struct OutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "file"))
    var output: String?

    /// Writes `text` to the output file, or to the console when none was given.
    func emit(_ text: String, console: Console) throws {
        guard let output else { console.write(text); return }
        try OutputFile.write(text, to: output, what: "the report")
    }
}
