@testable import BreezeWeb
import Testing

/// Every text colour the pages use reads at WCAG AA (4.5:1) on every background it sits on,
/// light and dark, by WCAG 2's relative luminance and contrast ratio.
@Suite struct DashboardContrastTests {
    /// WCAG 2.x relative luminance of `#rrggbb`.
    static func luminance(_ hex: String) -> Double {
        let digits = Array(hex.dropFirst())
        precondition(digits.count == 6, hex)
        let channels = stride(from: 0, to: 6, by: 2).map { Double(Int(String(digits[$0..<$0 + 2]), radix: 16)!) / 255 }
        let linear = channels.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    static func ratio(_ first: String, _ second: String) -> Double {
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    @Test func theFormulaMatchesKnownRatios() {
        #expect(abs(Self.ratio("#000000", "#ffffff") - 21) < 1e-9)
        #expect(abs(Self.ratio("#777777", "#ffffff") - 4.48) < 0.01)
        #expect(Self.ratio("#34c759", "#ffffff") < 4.5, "the app's green on white fails: why the pages darken it")
    }

    @Test func everyTextPairMeetsAA() {
        let pairs = DashboardPalette.textPairs
        #expect(pairs.count == 2 * (3 * (2 + 8 + 4) + 1))
        for pair in pairs {
            #expect(Self.ratio(pair.text, pair.background) >= 4.5, "\(pair.use): \(pair.text) on \(pair.background)")
        }
    }

    @Test func theStyleSheetUsesThePalettesColours() {
        for scheme in [DashboardPalette.light, DashboardPalette.dark] {
            for colour in scheme.bands + scheme.trend + scheme.backgrounds + [scheme.text, scheme.secondaryText] {
                #expect(DashboardStyle.sheet.contains(colour))
            }
        }
        #expect(DashboardStyle.sheet.contains("@media (prefers-color-scheme:dark)"))
        #expect(DashboardStyle.sheet.utf8.count < 8192)
    }
}

import Foundation
