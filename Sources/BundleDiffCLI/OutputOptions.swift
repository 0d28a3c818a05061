import ArgumentParser
import BundleDiffKit
import Foundation

/// `-o/--output FILE`: where a report goes instead of standard output. The file is
/// written whole (a temporary file beside it, then a rename), so a reader never sees
/// half a report and a failed run leaves the old file in place.
struct OutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .customLong("output")],
            help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "file"))
    var output: String?

    /// Writes `text` to the output file, or to the console when none was given.
    func emit(_ text: String, console: Console) throws {
        guard let output else { console.write(text); return }
        try OutputFile.write(text, to: output)
    }

    /// Whether the report may use ANSI colour: only on a terminal, never with NO_COLOR,
    /// never into a file.
    func colour(_ console: Console) -> Bool {
        output == nil && console.isTerminal && (console.environment["NO_COLOR"] ?? "").isEmpty
    }
}

/// Writes a whole file atomically, with one clear message when it cannot.
enum OutputFile {
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UserFacingError("\(path): cannot write the report: the folder \(directory) does not exist")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UserFacingError("\(path): cannot write the report: it is a folder")
        }
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw UserFacingError("\(path): cannot write the report: \(error.localizedDescription)")
        }
    }
}
