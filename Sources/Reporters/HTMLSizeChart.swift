import BundleModel
import Comparison

/// A horizontal bar chart of size changes as inline SVG: one bar per item, growth to the
/// right of a zero axis and shrinkage to the left, each with its label and signed value in
/// text (the direction never rests on colour alone). Coordinates are whole pixels, so the
/// same numbers draw the same bytes.
struct HTMLSizeChart {
    struct Bar: Hashable {
        /// The label drawn beside the bar (shortened).
        var label: String
        /// The full name, for the tooltip.
        var name: String
        var delta: Int64
    }

    var bars: [Bar]

    static let width = 900, labelRight = 296, zero = 600, maxBar = 210, rowHeight = 24, barHeight = 16, headerHeight = 24

    /// Each bundle whose own files changed size, largest change first.
    static func bundles(_ summaries: [BundleSummary], limit: Int) -> HTMLSizeChart {
        HTMLSizeChart(bars: top(summaries.map { Bar(label: shortened($0.name), name: $0.name, delta: $0.bytesDelta) }, limit))
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
        Bar(label: shortened(path.description), name: path.description, delta: delta)
    }

    /// Non-zero changes, largest magnitude first, then by name; at most `limit`.
    private static func top(_ bars: [Bar], _ limit: Int) -> [Bar] {
        Array(bars.filter { $0.delta != 0 }.sorted {
            $0.delta.magnitude != $1.delta.magnitude ? $0.delta.magnitude > $1.delta.magnitude : $0.name < $1.name
        }.prefix(limit))
    }

    /// At most 44 characters, keeping the end of the name (`…/PlugIns/Share.appex/Share`).
    static func shortened(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count > 44 else { return name }
        var out = "…"
        out.unicodeScalars.append(contentsOf: scalars.suffix(43))
        return out
    }

    /// The chart as an `<svg>` labelled by its title and description.
    func svg(id: String, title: String, description: String) -> String {
        let height = Self.headerHeight + bars.count * Self.rowHeight + 4
        let largest = bars.map(\.delta.magnitude).max() ?? 1
        var out = "<svg class=\"chart\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" "
            + "viewBox=\"0 0 \(Self.width) \(height)\" width=\"\(Self.width)\" height=\"\(height)\">\n"
        out += "<title id=\"\(id)-title\">\(HTMLEscaping.attribute(title))</title>\n"
        out += "<desc id=\"\(id)-desc\">\(HTMLEscaping.attribute(description))</desc>\n"
        out += "<text x=\"\(Self.zero - 8)\" y=\"14\" text-anchor=\"end\">◀ shrank</text>"
            + "<text x=\"\(Self.zero + 8)\" y=\"14\">grew ▶</text>\n"
        for (i, bar) in bars.enumerated() {
            let y = Self.headerHeight + i * Self.rowHeight
            let length = max(1, Int((Double(bar.delta.magnitude) * Double(Self.maxBar) / Double(largest)).rounded()))
            let grew = bar.delta > 0
            let x = grew ? Self.zero : Self.zero - length
            let value = TextFormatting.signedBytes(bar.delta)
            out += "<g><title>\(HTMLEscaping.attribute(bar.name)): \(value)</title>"
            out += "<text x=\"\(Self.labelRight)\" y=\"\(y + 13)\" text-anchor=\"end\">\(HTMLEscaping.attribute(bar.label))</text>"
            out += "<rect class=\"\(grew ? "grew" : "shrank")\" x=\"\(x)\" y=\"\(y + 2)\" width=\"\(length)\" height=\"\(Self.barHeight)\"/>"
            let textX = grew ? x + length + 6 : x - 6
            out += "<text class=\"value\" x=\"\(textX)\" y=\"\(y + 14)\"\(grew ? "" : " text-anchor=\"end\"")>\(value)</text></g>\n"
        }
        out += "<line class=\"axis\" x1=\"\(Self.zero)\" y1=\"\(Self.headerHeight - 2)\" x2=\"\(Self.zero)\" y2=\"\(height - 2)\"/>\n"
        return out + "</svg>\n"
    }
}
