import BreezeModel

/// The pages' colours, light and dark. Graphics (the ring, bars) take the app's band colours
/// (`Band.colourHex`) where they reach WCAG 1.4.11's 3:1 on every background of the scheme,
/// else a shade of the same hue that does (the app's green on white is 2:1, its hazardous
/// maroon on dark grey 1.4:1); text takes a shade of each that reads at WCAG AA (4.5:1).
/// `textPairs` and `graphicPairs` list every pair so a test can hold the ratios.
enum DashboardPalette {
    /// One appearance's neutral colours.
    struct Scheme: Sendable {
        /// The page behind the cards.
        let page: String
        /// A card.
        let card: String
        /// A tile inside a card (pollutants, tips).
        let tile: String
        /// Body text.
        let text: String
        /// Secondary text (units, times, captions).
        let secondaryText: String
        /// Band text by `Band.rawValue`, Excellent first.
        let bands: [String]
        /// Trend text by `TrendColour`: red, orange, grey, blue.
        let trend: [String]
        /// The warning banner's text and background.
        let warningText: String
        let warningBackground: String
        /// Band graphics (ring, bars) by `Band.rawValue`, Excellent first.
        let bandGraphics: [String]
        /// The graphic of no band (no AQI).
        let noBandGraphic: String
        /// Trend bars by `TrendColour`: red, orange, grey, blue.
        let trendGraphics: [String]

        /// Every background text sits on in this scheme.
        var backgrounds: [String] { [page, card, tile] }
    }

    static let light = Scheme(
        page: "#f2f2f7", card: "#ffffff", tile: "#f2f2f7", text: "#1c1c1e", secondaryText: "#55555b",
        bands: ["#17772f", "#17772f", "#9a4a00", "#9a4a00", "#b03a00", "#c0141c", "#8a35b5", "#8e0000"],
        trend: ["#c0141c", "#9a4a00", "#55555b", "#0b5cc4"],
        warningText: "#6b3a00", warningBackground: "#fff4d6",
        bandGraphics: ["#299d46", "#299d46", "#c77400", "#c77400", "#e66000", "#ff3b30", "#af52de", "#8e0000"],
        noBandGraphic: "#89898e",
        trendGraphics: ["#ff3b30", "#c77400", "#89898e", "#0a84ff"])

    static let dark = Scheme(
        page: "#000000", card: "#1c1c1e", tile: "#2c2c2e", text: "#f2f2f7", secondaryText: "#aeaeb2",
        bands: ["#34c759", "#34c759", "#ff9f0a", "#ff9f0a", "#ff7a1a", "#ff6961", "#c77dff", "#ff8a80"],
        trend: ["#ff6961", "#ff9f0a", "#aeaeb2", "#64a8ff"],
        warningText: "#ffd98a", warningBackground: "#3a2a00",
        bandGraphics: ["#34c759", "#34c759", "#ff9500", "#ff9500", "#ff6b00", "#ff3b30", "#af52de", "#d93a5c"],
        noBandGraphic: "#8e8e93",
        trendGraphics: ["#ff3b30", "#ff9500", "#8e8e93", "#0a84ff"])

    /// The class naming a band's colours: `band-slightly-high`.
    static func bandClass(_ band: Band?) -> String { "band-" + (band?.slug ?? "none") }

    /// The class naming a trend colour: `trend-orange`.
    static func trendClass(_ colour: TrendColour) -> String { "trend-" + colour.rawValue }

    /// The band whose colours show a pollutant's EPA category.
    static func band(for category: EPACategory) -> Band {
        switch category {
        case .good: .good
        case .moderate: .moderate
        case .unhealthyForSensitiveGroups: .unhealthyForSensitiveGroups
        case .unhealthy: .unhealthy
        case .veryUnhealthy: .veryUnhealthy
        case .hazardous: .hazardous
        }
    }

    /// The band whose colours show a pollen level.
    static func band(for level: PollenLevel) -> Band {
        switch level {
        case .none, .low: .good
        case .moderate: .moderate
        case .high: .unhealthy
        case .veryHigh: .hazardous
        }
    }

    /// Every (text, background) pair the style sheet uses, with what it is, in both schemes.
    static var textPairs: [(text: String, background: String, use: String)] {
        var pairs: [(text: String, background: String, use: String)] = []
        for (name, scheme) in [("light", light), ("dark", dark)] {
            for background in scheme.backgrounds {
                pairs.append((scheme.text, background, "\(name) text"))
                pairs.append((scheme.secondaryText, background, "\(name) secondary text"))
                for band in Band.allCases {
                    pairs.append((scheme.bands[band.rawValue], background, "\(name) \(band.slug)"))
                }
                for (index, colour) in TrendColour.allCases.enumerated() {
                    pairs.append((scheme.trend[index], background, "\(name) trend \(colour.rawValue)"))
                }
            }
            pairs.append((scheme.warningText, scheme.warningBackground, "\(name) warning"))
        }
        return pairs
    }

    /// Every (graphic, background) pair the style sheet uses, with what it is, in both schemes.
    static var graphicPairs: [(graphic: String, background: String, use: String)] {
        var pairs: [(graphic: String, background: String, use: String)] = []
        for (name, scheme) in [("light", light), ("dark", dark)] {
            for background in scheme.backgrounds {
                for band in Band.allCases {
                    pairs.append((scheme.bandGraphics[band.rawValue], background, "\(name) \(band.slug) ring and bars"))
                }
                pairs.append((scheme.noBandGraphic, background, "\(name) no-AQI ring"))
                for (index, colour) in TrendColour.allCases.enumerated() {
                    pairs.append((scheme.trendGraphics[index], background, "\(name) trend \(colour.rawValue) bars"))
                }
            }
        }
        return pairs
    }
}
