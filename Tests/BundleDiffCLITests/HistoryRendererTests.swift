import BundleDiffKit
@testable import Reporters
import Foundation
import Testing

/// The four renderers on hand-made tables: CSV quoting and formula neutralising, text
/// and HTML escaping, JSON types.
@Suite struct HistoryRendererTests {
    static func table(_ cells: [HistoryTable.Cell]) -> HistoryTable {
        HistoryTable(query: "q", title: "T", app: "a", channel: "main",
                     columns: cells.indices.map { .init("c\($0)", "c\($0)", charted: true) }, rows: [cells],
                     chartUnit: "bytes")
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "two\\nlines"),
        ("cr\rhere", "cr\\rhere"),
        ("=SUM(A1)", "'=SUM(A1)"),
        ("+1", "'+1"),
        ("-ko", "'-ko"),
        ("@cmd", "'@cmd"),
        ("\tx", "\\tx"),
        ("=a,b", "\"'=a,b\""),
        ("\u{202E}rtl", "\\u{202e}rtl"),
        ("", ""),
    ])
    func csvFields(value: String, expected: String) {
        let csv = HistoryCSVRenderer.render(Self.table([.text(value), .integer(-5), .none]))
        #expect(csv == "c0,c1,c2\r\n\(expected),-5,\r\n")
    }

    @Test func textMakesControlsAndBidiVisible() {
        let text = HistoryTextRenderer.render(Self.table([.text("a\nb\u{202E}c\u{200F}\td")]))
        #expect(text == "T\nc0\na\\nb\\u{202e}c\\u{200f}\\td\n")
    }

    /// Columns are padded to their widest cell counted in characters, whatever a cell's
    /// bytes: `é` (one or two scalars) and `日本` are as wide as their characters.
    @Test func textPadsByCharacters() {
        var table = Self.table([.text("é"), .text("x"), .none])
        table.rows += [[.text("e\u{301}é"), .text("日本"), .text("z")], [.text("abc"), .text(""), .none]]
        #expect(HistoryTextRenderer.render(table) == "T\nc0   c1  c2\né    x   -\néé   日本  z\nabc      -\n")
    }

    @Test func htmlEscapesEverything() {
        let html = HistoryHTMLRenderer.render(Self.table([.text("<script>'x'&\"y\"\u{2066}"), .number(5, "5")]))
        #expect(html.contains("<th scope=\"row\">&lt;script&gt;&#39;x&#39;&amp;&quot;y&quot;<span class=\"esc\">\\u{2066}</span></th>"
                              + "<td class=\"num\">5</td>"))
        #expect(!html.contains("<script"))
        #expect(html.components(separatedBy: "http://").count == 2, "no link other than the SVG namespace")
        #expect(html.contains("<svg") && html.contains("role=\"img\"") && html.contains("<th scope=\"col\">c0</th>"))
    }

    @Test func jsonKeepsTypes() throws {
        let json = try HistoryJSONRenderer.render(Self.table([.text("x\ny"), .number(66.66, "66.7%"), .integer(3), .none]))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let row = (object?["rows"] as? [[String: Any]])?.first
        #expect(row?["c0"] as? String == "x\ny")
        #expect(row?["c1"] as? Double == 66.7)
        #expect(row?["c2"] as? Int == 3)
        #expect(row?["c3"] is NSNull)
    }

    @Test func emptyTableHasNoChart() {
        var t = Self.table([])
        t.rows = []
        t.notes = ["no builds recorded"]
        let html = HistoryHTMLRenderer.render(t)
        #expect(!html.contains("<svg") && !html.contains("<table") && html.contains("<p class=\"note\">no builds recorded</p>"))
        #expect(HistoryTextRenderer.render(t) == "T\nno builds recorded\n")
        #expect(HistoryCSVRenderer.render(t) == "\r\n")
    }

    /// The history page is styled and locked down like the diff page: the same one
    /// stylesheet and the same Content-Security-Policy (it had its own style and no policy).
    @Test func htmlSharesTheDiffPagesStyleAndPolicy() {
        let html = HistoryHTMLRenderer.render(Self.table([.text("a"), .integer(5)]))
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLAssets.contentSecurityPolicy)\">"))
        #expect(html.contains("<style>\(HTMLAssets.style)</style>"))
        #expect(html.components(separatedBy: "<style").count == 2, "one stylesheet")
        #expect(!html.contains(" style=\""), "no inline style attribute (the policy would block it)")
    }

    /// Sizes in human units with the exact count kept, a signed change, every build named
    /// under the x axis and every value marked on the chart.
    @Test func htmlSizesReadAsBytesAndEveryBuildIsOnTheChart() {
        let rows: [[HistoryTable.Cell]] = [
            [.text("c1"), .text("t1"), .text("1.0"), .text("1"), .integer(22525), .none],
            [.text("c2"), .text("t2"), .text("1.0"), .text("2"), .integer(22595), .number(70, "+70")],
            [.text("c3"), .text("t3"), .text("1.1"), .text("3"), .integer(1_234_567), .number(-3111, "-3111")],
        ]
        let table = HistoryTable(query: "size", title: "Size", app: "a", channel: "main",
                                 columns: [.init("commit", "commit"), .init("recordedAt", "recorded"),
                                           .init("version", "version"), .init("build", "build"),
                                           .init("bytes", "bytes", charted: true, unit: .bytes),
                                           .init("change", "change", unit: .byteChange)],
                                 rows: rows, chartUnit: "bytes")
        let html = HistoryHTMLRenderer.render(table)
        #expect(html.contains("<td class=\"num\"><data value=\"22525\">22.5 KB</data></td>"))
        #expect(html.contains("<td class=\"num\"><data value=\"1234567\">1.2 MB</data></td>"))
        #expect(html.contains("<data value=\"+70\">+70 B</data>") && html.contains("<data value=\"-3111\">-3.1 KB</data>"))
        for label in ["1.0 (1)", "1.0 (2)", "1.1 (3)"] {
            #expect(html.contains("\">\(label)</text>"), "x axis names \(label)")
        }
        #expect(html.components(separatedBy: "<circle").count == 4, "one marked point per build")
        // The text and CSV forms keep exact numbers.
        #expect(HistoryCSVRenderer.render(table).contains("c2,t2,1.0,2,22595,70\r\n"))
        #expect(HistoryTextRenderer.render(table).contains("22595    +70\n"))
    }
    /// On a chart too long to name every build (3,000 builds: every 31st is named), a line
    /// marks the named builds and the builds where its value changed, not every build; the
    /// line itself still passes through every value.
    @Test func aLongChartMarksNamedBuildsAndChangesOnly() {
        let rows: [[HistoryTable.Cell]] = (0..<3000).map { i in
            let value: HistoryTable.Cell = i == 2000 ? .none : .integer(i < 1500 ? 10 : 20)
            return [.text("c\(i)"), .text("t"), .text("1.0"), .text("\(i)"), value]
        }
        let table = HistoryTable(query: "size", title: "Size", app: "a", channel: "main",
                                 columns: [.init("commit", "commit"), .init("recordedAt", "recorded"),
                                           .init("version", "version"), .init("build", "build"),
                                           .init("bytes", "bytes", charted: true, unit: .bytes)],
                                 rows: rows, chartUnit: "bytes")
        let html = HistoryHTMLRenderer.render(table)
        // 97 named builds (0, 31, … 2976) and the last; the change at 1500 and the return
        // after the gap at 2000 (neither named).
        #expect(html.components(separatedBy: "<circle").count - 1 == 100)
        #expect(html.contains("1.0 (1500): 20 B</title>") && html.contains("1.0 (2001): 20 B</title>"))
        #expect(!html.contains("1.0 (1501): 20 B</title>"))
        // Two polylines (broken at the gap) through 2,000 and 999 points.
        let lines = html.components(separatedBy: "<polyline").dropFirst().map { $0.prefix { $0 != ">" } }
        #expect(lines.map { $0.split(separator: " ").count } == [2000, 999])
    }
}

