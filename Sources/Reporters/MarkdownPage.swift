/// A Markdown report being written under a size cap: sections are added whole or not at
/// all, so a capped report never ends inside a table or an open `<details>`. Sections are
/// given room in the order they are added (what matters first) and shown in their
/// `order` (reading order).
struct MarkdownPage {
    /// The cap, in UTF-8 bytes (never fewer than the characters GitHub counts).
    let limit: Int
    /// Room kept for the closing note.
    static let reserve = 400
    private(set) var text = ""
    /// The sections that fit, with their reading order.
    private var sections: [(order: Int, text: String)] = []
    private var used = 0
    /// Sections left out because they did not fit.
    private(set) var omitted = 0

    init(limit: Int) { self.limit = limit }

    /// Bytes a section may still take.
    var remaining: Int { max(0, limit - Self.reserve - text.utf8.count - used) }

    /// Adds text that must be there (the verdict); it is short and bounded by construction.
    mutating func write(_ s: String) { text += s }

    /// Adds a section at `order` when it fits, else counts it as left out.
    mutating func add(_ section: String?, at order: Int) {
        guard let section, section.utf8.count <= remaining else { omitted += 1; return }
        sections.append((order, section))
        used += section.utf8.count
    }

    /// The page with a note on what was left out.
    func finished() -> String {
        let text = self.text + sections.sorted { $0.order < $1.order }.map(\.text).joined()
        guard omitted > 0 else { return text }
        return text + "\n_\(omitted) more section(s) not shown: this report is capped at "
            + "\(TextFormatting.grouped(UInt64(limit))) characters for a pull-request comment; "
            + "`--format text` or `--format json` shows everything._\n"
    }
}
