import ArgumentParser
import Comparison
import TextSafety

extension CLI {
    /// `unknown command 'dif' (did you mean 'diff'?)` when `arguments` name, where a
    /// subcommand belongs (`bundlediff <command>`, `bundlediff history <query>`), a word
    /// that is no subcommand but one or two edits (a swap of neighbours is one) from exactly
    /// one closest; nil otherwise, and the argument parser's own message stands.
    static func suggestion(_ arguments: [String]) -> String? {
        var command: ParsableCommand.Type = BundleDiffCommand.self
        var words = ["bundlediff"]
        for argument in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !argument.hasPrefix("-") else { return nil }
            if let sub = subcommands.first(where: { $0._commandName == argument }) {
                command = sub
                words.append(argument)
                continue
            }
            let names = subcommands.map { $0._commandName }
            guard let best = closest(argument, among: names) else { return nil }
            return "unknown command \(VisibleText.quoted(argument)) for '\(words.joined(separator: " "))' "
                + "(did you mean '\(best)'?)"
        }
        return nil
    }

    /// The one name within two edits of `word` (one for names of four letters or fewer)
    /// that is closer than every other; nil when none is, or two tie.
    static func closest(_ word: String, among names: [String]) -> String? {
        guard word.utf8.count >= 2, word.utf8.count <= 64 else { return nil }
        let typed = Array(word.lowercased().utf8)
        let scored = names.map { ($0, NameSimilarity.distance(typed, Array($0.utf8), transpositions: true)) }
            .filter { $0.1 <= ($0.0.utf8.count <= 4 ? 1 : 2) }
            .sorted { $0.1 < $1.1 }
        guard let best = scored.first, scored.dropFirst().first?.1 != best.1 else { return nil }
        return best.0
    }
}
