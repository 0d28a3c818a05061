import ArgumentParser
import Reporters

/// `--color auto|always|never`, and what decides colour when it is `auto`. In order:
/// 1. `--color always` or `never` (the command line wins);
/// 2. `NO_COLOR` set and not empty: no colour (no-color.org);
/// 3. `FORCE_COLOR` set, not empty and not `0` or `false`: colour on standard output;
/// 4. `TERM=dumb`: no colour;
/// 5. else colour when standard output is a terminal.
/// A report written with `-o` is coloured only with `--color always`. Only the text
/// formats carry colour at all.
enum ColourMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    case auto, always, never

    /// What `--help` says of the option.
    static let help = "Colour the text report: auto (when standard output is a terminal; never when NO_COLOR is "
        + "set and not empty, nor with TERM=dumb; FORCE_COLOR=1 colours without a terminal; NO_COLOR wins), always or never."

    /// Whether the report is coloured, given the environment, whether standard output is
    /// a terminal and whether the report goes to a file instead.
    func colours(environment: [String: String], terminal: Bool, toFile: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if toFile || !(environment["NO_COLOR"] ?? "").isEmpty { return false }
            if let force = environment["FORCE_COLOR"], !["", "0", "false"].contains(force) { return true }
            if environment["TERM"] == "dumb" { return false }
            return terminal
        }
    }
}

extension Console {
    /// The columns the text report wraps to: `COLUMNS` when it is a positive number, else
    /// the width of the terminal on standard output when the report goes there, else 80.
    func reportWidth(toFile: Bool) -> Int {
        if let text = environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        return (toFile ? nil : terminalColumns) ?? TextOptions.standardWidth
    }
}
