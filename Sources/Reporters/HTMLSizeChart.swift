import BundleModel
import Comparison

/// A horizontal bar chart of size changes: one bar per item, growth to the right of a zero
/// axis and shrinkage to the left, each with its name and signed value in text (the
/// direction never rests on colour alone). Coordinates are whole units, so the same
/// numbers draw the same bytes.
struct HTMLSizeChart {
    struct Bar: Hashable {
        /// The bundle's name or the file's path.
        var name: String
        var delta: Int64
    }

    var bars: [Bar]

    /// Units from the zero line to the end of the largest bar.
    static let half = 100

    /// Each bundle whose own files changed size, largest change first.
    static func bundles(_ summaries: [BundleSummary], limit: Int) -> HTMLSizeChart {
        HTMLSizeChart(bars: top(summaries.map { Bar(name: $0.name, delta: $0.bytesDelta) }, limit))
    }

    /// The files added, removed or modified with the largest size changes (paths relative
    /// to the app on each side, so an `.ipa` and a folder build read alike).
    static func files(_ c: BuildComparison, limit: Int) -> HTMLSizeChart {
        var bars: [Bar] = []
        for changes in c.bundles.map(\.files) + [c.outsideBundles] {
            for e in changes.added { bars.append(bar(c.pathInApp(new: e.path), Int64(clamping: e.size))) }
            for e in changes.removed { bars.append(bar(c.pathInApp(old: e.path), -Int64(clamping: e.size))) }
            for m in changes.modified { bars.append(bar(c.pathInApp(new: m.path), m.sizeDelta)) }
        }
        return HTMLSizeChart(bars: top(bars, limit))
    }

    private static func bar(_ path: BundlePath, _ delta: Int64) -> Bar {
        Bar(name: path.description, delta: delta)
    }

    /// Non-zero changes, largest magnitude first, then by name; at most `limit`.
    private static func top(_ bars: [Bar], _ limit: Int) -> [Bar] {
        Array(bars.filter { $0.delta != 0 }.sorted {
            $0.delta.magnitude != $1.delta.magnitude ? $0.delta.magnitude > $1.delta.magnitude : $0.name < $1.name
        }.prefix(limit))
    }

    /// The chart as a list, one bar per item: its name and signed value as text (so they
    /// wrap and stay readable on a phone) and the bar as a small inline SVG around a zero
    /// line, growth to the right and shrinkage to the left.
    func html(id: String, title: String) -> String {
        let largest = bars.map(\.delta.magnitude).max() ?? 1
        var out = "<ol class=\"bars\" id=\"\(id)\" aria-label=\"\(HTMLEscaping.attribute(title))\">\n"
        for bar in bars {
            let length = max(1, Int((Double(bar.delta.magnitude) * Double(Self.half) / Double(largest)).rounded()))
            let grew = bar.delta > 0
            let x = grew ? Self.half : Self.half - length
            out += "<li><span class=\"bar-name\"><code>\(HTMLEscaping.path(bar.name))</code></span>"
                + "<span class=\"bar-track\" aria-hidden=\"true\"><svg viewBox=\"0 0 \(2 * Self.half) 10\" "
                + "preserveAspectRatio=\"none\" focusable=\"false\"><rect class=\"\(grew ? "grew" : "shrank")\" x=\"\(x)\" "
                + "y=\"0\" width=\"\(length)\" height=\"10\"/><line class=\"axis\" x1=\"\(Self.half)\" y1=\"0\" "
                + "x2=\"\(Self.half)\" y2=\"10\" vector-effect=\"non-scaling-stroke\"/></svg></span>"
                + "<span class=\"bar-value delta-\(grew ? "grew" : "shrank")\">\(TextFormatting.signedBytes(bar.delta))</span></li>\n"
        }
        return out + "</ol>\n"
    }
}
