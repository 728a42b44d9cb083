import Testing

@testable import BreezeCtl

/// `--json` as scripts read it: BreezeJSON's indented layout, unknown values as null.
struct JSONOutputValueTests {
    @Test func aDocumentIsIndentedWithKeysSorted() {
        let document = JSONOutput.object([
            "name": .text("東京 \u{7F}\u{8}"), "region": .text(nil), "aqi": .integer(nil), "pm2_5": .number(12.5),
            "interval": .number(Optional(900.0)), "nan": .number(Double?.some(.nan)), "cities": .array([]), "extra": .object([:]),
        ])
        #expect(document.text == """
            {
              "aqi": null,
              "cities": [],
              "extra": {},
              "interval": 900,
              "name": "東京 \\u007f\\b",
              "nan": null,
              "pm2_5": 12.5,
              "region": null
            }
            """)
    }
}
