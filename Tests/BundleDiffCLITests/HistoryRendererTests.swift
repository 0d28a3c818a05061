import BundleDiffKit
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

    @Test func htmlEscapesEverything() {
        let html = HistoryHTMLRenderer.render(Self.table([.text("<script>'x'&\"y\"\u{2066}"), .number(5, "5")]))
        #expect(html.contains("<td>&lt;script&gt;&#39;x&#39;&amp;&quot;y&quot;\\u{2066}</td><td class=\"num\">5</td>"))
        #expect(!html.contains("<script"))
        #expect(html.components(separatedBy: "http").count == 2, "no link other than the SVG namespace")
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
        #expect(!html.contains("<svg") && !html.contains("<table") && html.contains("<p>no builds recorded</p>"))
        #expect(HistoryTextRenderer.render(t) == "T\nno builds recorded\n")
        #expect(HistoryCSVRenderer.render(t) == "\r\n")
    }
}
