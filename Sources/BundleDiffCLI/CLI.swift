import ArgumentParser
import BundleDiffKit

/// Runs bundlediff with arguments and returns the exit code: 0 clean, 1 findings at the
/// failing severity, 2 usage or input error. Never traps on bad input.
public enum CLI {
    public static func run(_ arguments: [String], console: Console) -> Int32 {
        Console.$current.withValue(console) {
            do {
                var command = try BundleDiffCommand.parseAsRoot(arguments)
                // Every command but ArgumentParser's own help reads relative paths.
                let isHelp = String(reflecting: type(of: command)).hasPrefix("ArgumentParser.")
                if !isHelp, let problem = workingDirectoryProblem() { throw UserFacingError(problem) }
                try command.run()
                return 0
            } catch let exit as CommandExit {
                return exit.code
            } catch let error as UserFacingError {
                console.error("bundlediff: error: \(error.description)")
                return 2
            } catch {
                let code = BundleDiffCommand.exitCode(for: error)
                if code == .success {
                    console.write(BundleDiffCommand.fullMessage(for: error) + "\n")
                    return 0
                }
                console.error(BundleDiffCommand.fullMessage(for: error))
                return 2
            }
        }
    }
}

/// A command finished with a non-zero status that is not an error (findings: 1).
struct CommandExit: Error {
    var code: Int32
}
