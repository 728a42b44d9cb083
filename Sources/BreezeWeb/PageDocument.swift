import BreezeVocabulary

/// An HTML5 document around a page's body: the viewport for phones, the inline style sheet, a
/// refresh every poll interval, no script and nothing fetched from elsewhere.
enum PageDocument {
    /// The shortest and longest refresh: a seconds-long interval would hammer the listener, a
    /// day-long one would leave a tab showing yesterday.
    static let refreshBounds = 30...3600

    /// The refresh in whole seconds for a poll `interval`, within `refreshBounds`.
    static func refreshSeconds(_ interval: Duration) -> Int {
        let seconds = interval.seconds
        guard seconds.isFinite else { return refreshBounds.lowerBound }
        return Int(min(max(seconds.rounded(.up), Double(refreshBounds.lowerBound)), Double(refreshBounds.upperBound)))
    }

    /// The page titled `title` (escaped), refreshing after `interval`, whose body `body` writes;
    /// a `selfContained` one (a file: `breezectl backtest --report`) says its policy
    /// (`WebResponse.contentPolicy`) in a meta, where no header can.
    static func render(
        title: String, refreshAfter interval: Duration?, status: Int = 200, selfContained: Bool = false,
        body: (inout HTMLWriter) -> Void
    ) -> WebResponse {
        var html = HTMLWriter()
        html.trusted("<!DOCTYPE html>")
        html.element("html", ["lang": "en"]) { html in
            html.element("head") { html in
                html.empty("meta", ["charset": "utf-8"])
                if selfContained {
                    html.empty("meta", ["http-equiv": "Content-Security-Policy", "content": WebResponse.contentPolicy])
                }
                html.empty("meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
                if let interval {
                    html.empty("meta", ["http-equiv": "refresh", "content": String(refreshSeconds(interval))])
                }
                html.empty("meta", ["name": "color-scheme", "content": "light dark"])
                html.element("title", title)
                html.styleSheet()
            }
            html.element("body", body: body)
        }
        return WebResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(html.text.utf8))
    }
}
