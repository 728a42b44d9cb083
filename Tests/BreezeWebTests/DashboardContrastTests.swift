import BreezeModel
@testable import BreezeWeb
import Testing

/// Every text colour the pages use reads at WCAG AA (4.5:1) on every background it sits on,
/// and every graphic (the AQI ring, chart bars) reaches WCAG 1.4.11's 3:1 there, light and dark,
/// by WCAG 2's relative luminance and contrast ratio.
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
        #expect(Self.ratio("#8e0000", "#1c1c1e") < 3, "the app's hazardous maroon on a dark card fails 1.4.11")
    }

    @Test func everyGraphicPairMeetsNonTextContrast() {
        let pairs = DashboardPalette.graphicPairs
        #expect(pairs.count == 2 * 3 * (8 + 1 + 4), "every band, no band and every trend, on every background of both schemes")
        for pair in pairs {
            #expect(Self.ratio(pair.graphic, pair.background) >= 3, "\(pair.use): \(pair.graphic) on \(pair.background)")
        }
    }

    @Test func theRingAndBarsTakeTheirSchemesGraphicColours() {
        let sheet = DashboardStyle.sheet
        let dark = String(sheet[sheet.range(of: "@media (prefers-color-scheme:dark)")!.lowerBound...])
        let light = String(sheet[..<sheet.range(of: "@media (prefers-color-scheme:dark)")!.lowerBound])
        for band in Band.allCases {
            #expect(light.contains("--g-\(band.slug):\(DashboardPalette.light.bandGraphics[band.rawValue]);"))
            #expect(dark.contains("--g-\(band.slug):\(DashboardPalette.dark.bandGraphics[band.rawValue]);"))
            #expect(sheet.contains(".\(DashboardPalette.bandClass(band)){--band:var(--g-\(band.slug));"))
        }
        for colour in TrendColour.allCases {
            #expect(sheet.contains(".\(DashboardPalette.trendClass(colour)){--trend:var(--gt-\(colour.rawValue));"))
        }
        #expect(sheet.contains(".ring-value{stroke:var(--band)}"))
        #expect(sheet.contains(".bar{fill:var(--band)}"))
        #expect(sheet.contains(".trend-bar{fill:var(--trend)}"))
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
            for colour in scheme.bands + scheme.trend + scheme.backgrounds + [scheme.text, scheme.secondaryText]
                + scheme.bandGraphics + scheme.trendGraphics + [scheme.noBandGraphic] {
                #expect(DashboardStyle.sheet.contains(colour))
            }
        }
        #expect(DashboardStyle.sheet.contains("@media (prefers-color-scheme:dark)"))
        #expect(DashboardStyle.sheet.utf8.count < 8192)
    }
}

import Foundation
