import Foundation
import Reporters
import Testing

/// `DecimalText.oneDecimal` writes what `String(format: "%.1f")` writes, ties and
/// values just off a tie included (the history chart's coordinates and the languages
/// query's percentages go through it).
@Suite struct DecimalTextTests {
    @Test func sameAsPrintfOnTiesAndNearTies() {
        var values: [Double] = [0, 0.05, 0.15, 0.25, 0.35, 0.45, 0.95, 1.25, 2.5, 99.95, 100, 12.345, 0.1 + 0.2,
                                3999.85, 84.0, 316.0, 1e13 + 0.25, 99_999_999_999_999.9, -0.0, -1.25, -0.04, .nan, .infinity]
        for k in 0..<20_000 {
            let tie = Double(k) / 20  // every k/20: a tie when k is odd
            values += [tie, tie.nextUp, tie.nextDown]
        }
        for v in values {
            #expect(DecimalText.oneDecimal(v) == String(format: "%.1f", v), "\(v)")
        }
    }

    @Test func sameAsPrintfOnChartCoordinates() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 {
            let v = Double.random(in: 0..<5000, using: &generator)
            #expect(DecimalText.oneDecimal(v) == String(format: "%.1f", v), "\(v)")
            let w = 84 + 3892 * Double(Int.random(in: 0..<10_000, using: &generator)) / 9999
            #expect(DecimalText.oneDecimal(w) == String(format: "%.1f", w), "\(w)")
        }
    }

    /// The percentages of the history chart's labels (`%.0f`), ties to even included.
    @Test func printfWritesWhatStringFormatWrites() {
        for v in [0, 0.5, 1.5, 2.5, 49.5, 99.4999, 100, -0.4, -2.5, 1e20, .nan, -.infinity] as [Double] {
            #expect(DecimalText.printf(format: "%.0f", v) == String(format: "%.0f", v), "\(v)")
            #expect(DecimalText.printf(format: "%.1f", v) == String(format: "%.1f", v), "\(v)")
        }
    }
}
