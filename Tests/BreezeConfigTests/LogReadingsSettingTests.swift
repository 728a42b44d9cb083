import Testing

@testable import BreezeConfig

/// `LogReadings=` in `[Breeze]`: its default, its three values in any case, a clear error for
/// anything else, and what `check-config` says about it.
struct LogReadingsSettingTests {
    @Test func theDefaultIsAll() throws {
        #expect(try #require(Load.text("").configuration).breeze.logReadings == .all)
        #expect(ConfigurationCheck.readingsSummary(.all) == nil, "the default adds no check-config line")
    }

    @Test(arguments: [("all", LogReadingsSetting.all), ("changes", .changes), ("None", .none), ("CHANGES", .changes)])
    func eachValueIsRead(text: String, setting: LogReadingsSetting) throws {
        let outcome = Load.text("[Breeze]\nLogReadings=\(text)\n")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(try #require(outcome.configuration).breeze.logReadings == setting)
    }

    @Test func anythingElseIsAnErrorNamingTheLineAndTheChoices() {
        let outcome = Load.text("[Breeze]\nLogReadings=sometimes\n")
        #expect(outcome.configuration == nil)
        #expect(outcome.errors == ["breezed.conf:2: LogReadings=sometimes: use all, changes or none"])
    }

    @Test func checkConfigSaysWhatIsLogged() {
        #expect(ConfigurationCheck.readingsSummary(.changes) == "readings: logged only when they change (LogReadings=changes)")
        #expect(ConfigurationCheck.readingsSummary(.none) == "readings: not logged (LogReadings=none); alerts and errors still are")
    }
}
