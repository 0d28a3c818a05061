/// How every capped list in a report says what it did not show: the Markdown tables
/// ("… and 12 more not shown") and the text report's sections (the same line, then how to
/// see the rest). One phrase, so a reader learns it once.
enum LeftOut {
    /// `… and 1,234 more not shown`, or `… and 1,234 more files not shown` with a noun.
    static func note(_ count: Int, of noun: String? = nil) -> String {
        "… and \(TextFormatting.grouped(UInt64(max(0, count))))" + " more" + (noun.map { " " + $0 } ?? "") + " not shown"
    }

    /// How many of `count` items to show in `room` lines, at most `cap`: all of them when
    /// they fit, else as many as leave one line for the note that says how many were left out.
    static func fit(_ count: Int, cap: Int, room: Int) -> Int {
        if count <= min(cap, room) { return count }
        return max(0, min(cap, room - 1))
    }

    /// Lines a list of `count` items takes when `shown` of them are shown: those, and the
    /// note when some are left out.
    static func lines(_ count: Int, shown: Int) -> Int {
        shown + (shown < count ? 1 : 0)
    }
}
