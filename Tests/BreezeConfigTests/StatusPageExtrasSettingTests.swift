import Testing

@testable import BreezeConfig

/// `StatusPageExtras=`: `auto` by default, on whenever `[Web] Listen=` is not empty (its default)
/// and off when it is empty; `yes` and `no` force it; what `check-config` says of the cost.
struct StatusPageExtrasSettingTests {
    static let city = "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n"

    @Test(arguments: [
        ("", "", StatusPageExtrasSetting.auto, true),
        ("StatusPageExtras=auto\n", "[Web]\nListen=127.0.0.1:9\n", .auto, true),
        ("StatusPageExtras=AUTO\n", "[Web]\nListen=\n", .auto, false),
        ("", "[Web]\nListen=\n", .auto, false),
        ("StatusPageExtras=no\n", "", .no, false),
        ("StatusPageExtras=off\n", "[Web]\nListen=[::1]:9\n", .no, false),
        ("StatusPageExtras=yes\n", "[Web]\nListen=\n", .yes, true),
        ("StatusPageExtras=1\n", "", .yes, true),
        // The last assignment counts, as for every key: a drop-in can set auto back.
        ("StatusPageExtras=no\nStatusPageExtras=auto\n", "", .auto, true),
    ])
    func theSettingResolvesByTheListener(breeze: String, web: String, setting: StatusPageExtrasSetting, on: Bool) throws {
        let outcome = Load.text("[Breeze]\n\(breeze)\(web)\(Self.city)")
        #expect(outcome.errors == [])
        let configuration = try #require(outcome.configuration)
        #expect(configuration.breeze.statusPageExtrasSetting == setting)
        #expect(configuration.breeze.statusPageExtras == on)
    }

    @Test func aBadValueIsRefusedAtItsLine() {
        let outcome = Load.text("[Breeze]\nPollInterval=15min\nStatusPageExtras=sometimes\n\(Self.city)")
        #expect(outcome.configuration == nil)
        #expect(outcome.errors.count == 1)
        let error = outcome.errors.first ?? ""
        #expect(error.contains("breezed.conf:3"), "\(error)")
        #expect(error.contains("StatusPageExtras="), "\(error)")
        #expect(error.contains("use auto or a boolean"), "\(error)")
    }

    /// The default configuration names the extras' calls; `Listen=` empty or `no` leaves them out.
    @Test func checkConfigNamesTheExtraCallsWhenTheyAreOn() throws {
        let extras = "status page: +8 API calls/day for pollen and UV (every 3h), +6 for the climate trend (once a day)"
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = { (name: String, text: String) throws in
            ConfigurationCheck.run(path: try folder.write(name, text), environment: [:]).output
        }
        #expect(try output("default.conf", "[Breeze]\n\(Self.city)").contains(extras))
        #expect(try !output("off.conf", "[Breeze]\n[Web]\nListen=\n\(Self.city)").contains { $0.hasPrefix("status page:") })
        #expect(try !output("no.conf", "[Breeze]\nStatusPageExtras=no\n\(Self.city)").contains { $0.hasPrefix("status page:") })
    }

    /// 100 cities every 15 minutes: the poll's 9,600 calls a day fit the free tier, the
    /// extras' 1,400 more do not.
    @Test func theExtrasThatTipTheFreeTierWarn() throws {
        var text = "[Breeze]\nPollInterval=15min\n"
        for index in 0..<100 { text += "[City \"C\(index)\"]\nLatitude=0\nLongitude=0\n" }
        #expect(
            Load.text(text).warnings == [
                "breezed.conf: ~11000 API calls/day with the status page's extras (pollen and UV, climate trend) "
                    + "exceed Open-Meteo's free tier of 10,000 a day; set StatusPageExtras=no, or poll less often, "
                    + "watch fewer cities, or set ApiKey= for a commercial plan"
            ])
        #expect(Load.text(text + "[Breeze]\nStatusPageExtras=no\n").warnings == [])
        #expect(Load.text(text + "[Web]\nListen=\n").warnings == [])
    }
}
