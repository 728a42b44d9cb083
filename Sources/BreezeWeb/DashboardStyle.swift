import BreezeModel

/// The pages' one style sheet (a few KB, inline): the palette's colours as custom properties,
/// light by default and dark under `prefers-color-scheme: dark`, a grid of cards that folds to
/// one column on a phone.
enum DashboardStyle {
    /// The whole sheet, built once from `DashboardPalette`'s constants.
    static let sheet: String = {
        func scheme(_ scheme: DashboardPalette.Scheme) -> String {
            var css = "--page:\(scheme.page);--card:\(scheme.card);--tile:\(scheme.tile);"
                + "--text:\(scheme.text);--muted:\(scheme.secondaryText);"
                + "--warn:\(scheme.warningText);--warn-bg:\(scheme.warningBackground);"
            for band in Band.allCases { css += "--t-\(band.slug):\(scheme.bands[band.rawValue]);" }
            for (index, colour) in TrendColour.allCases.enumerated() { css += "--tt-\(colour.rawValue):\(scheme.trend[index]);" }
            for band in Band.allCases { css += "--g-\(band.slug):\(scheme.bandGraphics[band.rawValue]);" }
            css += "--g-none:\(scheme.noBandGraphic);"
            for (index, colour) in TrendColour.allCases.enumerated() { css += "--gt-\(colour.rawValue):\(scheme.trendGraphics[index]);" }
            return css
        }
        var css = ":root{color-scheme:light dark;" + scheme(DashboardPalette.light) + "}"
        css += "@media (prefers-color-scheme:dark){:root{" + scheme(DashboardPalette.dark) + "}}"
        for band in Band.allCases {
            css += ".\(DashboardPalette.bandClass(band)){--band:var(--g-\(band.slug));--band-text:var(--t-\(band.slug))}"
        }
        css += ".band-none{--band:var(--g-none);--band-text:var(--muted)}"
        for colour in TrendColour.allCases {
            css += ".\(DashboardPalette.trendClass(colour)){--trend:var(--gt-\(colour.rawValue));"
                + "--trend-text:var(--tt-\(colour.rawValue))}"
        }
        return css + layout + SensorCard.style + BacktestChart.style
    }()

    private static let layout = """
        *{box-sizing:border-box}
        body{margin:0;background:var(--page);color:var(--text);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
        a{color:inherit}
        header.top,main,footer{max-width:1200px;margin:0 auto;padding:12px 16px}
        header.top h1{margin:0;font-size:1.6rem}
        .meta{color:var(--muted);font-size:.9rem;margin:.2rem 0}
        .warning{background:var(--warn-bg);color:var(--warn);border-radius:12px;padding:10px 14px;margin:.5rem 0;font-weight:600}
        .cities{display:grid;grid-template-columns:repeat(auto-fill,minmax(330px,1fr));gap:16px;align-items:start}
        .cities.detail{grid-template-columns:repeat(auto-fit,minmax(330px,1fr))}
        .city{display:flex;flex-direction:column;gap:12px;min-width:0}
        .card{background:var(--card);border-radius:20px;padding:18px;min-width:0;overflow-wrap:anywhere}
        .card h2,.card h3{margin:0 0 .4rem;font-size:1.15rem}
        .dial{display:grid;place-items:center;margin:.4rem auto;width:170px;height:170px}
        .dial>*{grid-area:1/1}
        .dial svg{width:170px;height:170px}
        .ring-track{stroke:var(--band);opacity:.2}
        .ring-value{stroke:var(--band)}
        .reading{text-align:center}
        .aqi{display:block;font-size:3.4rem;font-weight:700;line-height:1;color:var(--band-text)}
        .scale{display:block;color:var(--muted);font-size:.8rem}
        .label{font-size:1.25rem;font-weight:600;text-align:center;margin:.2rem 0;color:var(--band-text)}
        .emoji{font-family:"Noto Color Emoji","Apple Color Emoji","Segoe UI Emoji",sans-serif}
        .summary{color:var(--muted);text-align:center;margin:.2rem 0 .6rem}
        .tips{background:var(--tile);border-radius:12px;padding:10px 14px;margin:.4rem 0}
        .tips h3{font-size:.95rem;margin:0 0 .3rem}
        .tips ul{margin:0;padding-left:1.2rem}
        .facts{margin:.5rem 0 0;display:grid;grid-template-columns:auto 1fr;gap:2px 10px;font-size:.92rem}
        .facts dt{color:var(--muted)}
        .facts dd{margin:0}
        .firing{color:var(--t-unhealthy);font-weight:700}
        .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(96px,1fr));gap:8px;margin:0;padding:0;list-style:none}
        .grid li{background:var(--tile);border-radius:12px;padding:8px 10px}
        .grid .name{font-weight:600;display:block}
        .grid .value{display:block;font-size:1.05rem}
        .grid .unit,.muted{color:var(--muted);font-size:.85rem}
        .grid .unit{display:block}
        .grid .hour{display:block;color:var(--muted);font-size:.8rem}
        .status{color:var(--band-text);font-size:.85rem;font-weight:600}
        .chart svg{display:block;width:100%;height:auto;max-height:250px}
        .bar{fill:var(--band)}
        .trend-bar{fill:var(--trend)}
        .axis{stroke:var(--muted);stroke-width:1}
        .chart text{fill:var(--muted);font-size:12px}
        .chart{margin:0}
        .change{font-weight:700;color:var(--trend-text)}
        .days{list-style:none;margin:0;padding:0}
        .days li{display:flex;justify-content:space-between;gap:8px;padding:4px 0;border-bottom:1px solid var(--tile)}
        .days li span:first-child{white-space:nowrap}
        .visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
        @media (max-width:480px){.cities{grid-template-columns:1fr}header.top,main{padding:10px}.card{padding:14px}}
        """
}
