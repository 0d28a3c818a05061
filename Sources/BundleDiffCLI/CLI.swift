import ArgumentParser
import BundleDiffKit
import BundleModel
import Git
import SnapshotStore
import TextSafety

/// Runs bundlediff with arguments and returns the exit code: 0 clean, 1 findings at the
/// failing severity, 2 usage or input error. Never traps on bad input.
public enum CLI {
    public static func run(_ arguments: [String], console: Console) -> Int32 {
        // libgit2's set-up, on the other core while the arguments are parsed; never left
        // half done when the command returns.
        let git = arguments.first.map(historyCommands.contains) == true ? BothCores.begin { GitRuntime.initialize() } : nil
        defer {
            git?.wait()
            // Cache files a read began writing on the other core land whole before the exit.
            HistoryStore.finishCacheWrites()
        }
        return Console.$current.withValue(console) {
            do {
                var command = try BundleDiffCommand.parseAsRoot(arguments)
                // Every command but ArgumentParser's own help reads relative paths. (The
                // type's name is asked only when the folder is gone: spelling it out
                // searches the runtime's type records, 0.1 ms a command.)
                if let problem = workingDirectoryProblem(), !String(reflecting: type(of: command)).hasPrefix("ArgumentParser.") {
                    throw UserFacingError(problem)
                }
                try command.run()
                return 0
            } catch let exit as CommandExit {
                return exit.code
            } catch let error as UserFacingError {
                console.error(errorLine(error.description))
                return 2
            } catch {
                let code = BundleDiffCommand.exitCode(for: error)
                if code == .success {
                    console.write(BundleDiffCommand.fullMessage(for: error) + "\n")
                    return 0
                }
                // An argument error: the same one line as any other error, then where to look.
                let message = suggestion(arguments) ?? BundleDiffCommand.message(for: error)
                let first = message.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }
                console.error(errorLine(first.map(String.init) ?? message))
                console.error("bundlediff: see '\(helpCommand(arguments)) --help' for usage")
                return 2
            }
        }
    }

    /// The commands that read or write a history (`diff` and `check` may).
    static let historyCommands: Set<String> = ["snapshot", "log", "show", "diff", "gate", "check", "history", "sync"]

    /// `bundlediff: error: <message>`: one line, hidden characters escaped, at most
    /// `limit` characters: a longer one keeps its start and its end, where the problem is
    /// named (messages quote their input with `VisibleText.quoted`).
    static func errorLine(_ message: String, limit: Int = 1_000) -> String {
        let text = VisibleText.escape(message).unicodeScalars
        guard text.count > limit else { return "bundlediff: error: " + String(text) }
        return "bundlediff: error: " + String(String.UnicodeScalarView(text.prefix(limit / 2))) + " … "
            + String(String.UnicodeScalarView(text.suffix(limit / 2)))
    }

    /// `bundlediff` and the subcommands named at the start of `arguments`.
    static func helpCommand(_ arguments: [String]) -> String {
        var words = ["bundlediff"]
        var command: ParsableCommand.Type = BundleDiffCommand.self
        for argument in arguments {
            guard let sub = command.configuration.subcommands.first(where: { $0._commandName == argument }) else { break }
            words.append(argument)
            command = sub
        }
        return words.joined(separator: " ")
    }
}

/// A command finished with a non-zero status that is not an error (findings: 1).
struct CommandExit: Error {
    var code: Int32
}
