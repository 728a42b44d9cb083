import BreezeVocabulary

/// `/`: one card per configured city, in file order, each with its pollutants grid below it.
enum DashboardPage {
    /// The page of `context`'s snapshot.
    static func render(_ context: DashboardContext) -> WebResponse {
        let cities = context.snapshot.cities
        return PageDocument.render(title: "Breeze: air quality", refreshAfter: context.snapshot.pollInterval) { html in
            DashboardHeader.write(context, into: &html)
            html.element("main") { html in
                guard !cities.isEmpty else {
                    return html.element("p", "No cities are configured: add one with breezectl add.")
                }
                html.element("div", ["class": "cities"]) { html in
                    for city in cities {
                        html.element("div", ["class": "city"]) { html in
                            AQICard.write(city, linked: true, context: context, into: &html)
                            PollutantGrid.write(city, into: &html)
                        }
                    }
                }
            }
        }
    }
}
