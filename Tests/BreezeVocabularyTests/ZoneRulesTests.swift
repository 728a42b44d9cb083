import BreezeTestSupport
import Foundation
import Testing

@testable import BreezeVocabulary

/// Zone offsets and abbreviations read from the tz database's files (`ZoneFile`, the footer's
/// `PosixZoneRule` past the table), against Python's zoneinfo as the independent reference.
struct ZoneRulesTests {
    /// Zones with whole-hour, half-hour and 45-minute offsets, 30-minute and two-hour changes,
    /// southern summers, negative daylight time (Dublin), rule times past 24:00 (Jerusalem) and
    /// below 0:00 (Nuuk), and zones whose tables end in 2037 or run on to 2087 (Casablanca).
    static let zones = [
        "Europe/Paris", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
        "America/Sao_Paulo", "Africa/Casablanca", "Asia/Tokyo", "UTC", "Etc/UTC", "Europe/Dublin", "Europe/London",
        "America/St_Johns", "Asia/Tehran", "Pacific/Kiritimati", "America/Santiago", "America/Nuuk", "Asia/Jerusalem",
        "Antarctica/Troll", "Australia/Sydney", "America/Los_Angeles", "Asia/Kathmandu", "Pacific/Apia", "Asia/Gaza",
    ]

    /// Each transition of the zone's table since 1901 and a second before it; every half hour
    /// (and a second before) through the tables' end into the footer's years, 2036 to 2041;
    /// every 3 days and 7 hours from 1970 to 2100.
    static func instants(_ zone: CivilZone) -> [Int] {
        var instants: [Int] = []
        for transition in zone.rules.transitions where transition > -2_145_916_800 {
            instants += [transition - 1, transition, transition + 1]
        }
        // 2036-01-01 to 2042-01-01.
        for grid in stride(from: 2_082_758_400, to: 2_272_147_200, by: 1800) { instants += [grid - 1, grid] }
        instants += Array(stride(from: 0, to: 4_102_444_800, by: 3 * 86_400 + 7 * 3600))
        return instants
    }

    @Test(arguments: zones)
    func offsetsAndAbbreviationsAsPythonsZoneinfo(name: String) throws {
        let zone = try #require(CivilZone(named: name))
        let instants = Self.instants(zone)
        let script = """
            import sys, datetime, zoneinfo
            zone = zoneinfo.ZoneInfo(sys.argv[1])
            out = []
            for line in sys.stdin.read().split():
                moment = datetime.datetime.fromtimestamp(int(line), tz=zone)
                out.append("%d %s" % (int(moment.utcoffset().total_seconds()), moment.tzname()))
            print("\\n".join(out))
            """
        let result = try Processes.run(
            URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, name],
            input: instants.map(String.init).joined(separator: "\n"))
        #expect(result.status == 0, "\(result.standardError)")
        let expected = result.standardOutput.split(separator: "\n").map(String.init)
        try #require(expected.count == instants.count)
        var mismatches: [String] = []
        for (instant, reference) in zip(instants, expected) {
            let ours = "\(zone.offset(at: instant)) \(zone.abbreviation(at: instant))"
            if ours != reference { mismatches.append("\(instant): \(ours), Python \(reference)") }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.count) of \(instants.count), first \(mismatches.prefix(5))")
    }

    @Test func theTablesEndAndTheFooterTakesOver() throws {
        let paris = try #require(CivilZone(named: "Europe/Paris"))
        let last = try #require(paris.rules.transitions.last)
        #expect(paris.rules.footer != nil)
        // 2040-07-01 and 2040-12-01, after Paris's table.
        #expect(2_224_713_600 > last)
        #expect(paris.offset(at: 2_224_713_600) == 7200 && paris.abbreviation(at: 2_224_713_600) == "CEST")
        #expect(paris.offset(at: 2_237_932_800) == 3600 && paris.abbreviation(at: 2_237_932_800) == "CET")
    }

    @Test func posixRules() throws {
        let europe = try #require(PosixZoneRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(europe.standard == .init(offset: 3600, daylight: false, name: "CET"))
        // 2026-03-29 01:00Z and 2026-10-25 01:00Z.
        #expect(europe.type(at: 1_774_746_000 - 1).name == "CET" && europe.type(at: 1_774_746_000).name == "CEST")
        #expect(europe.type(at: 1_792_890_000 - 1).offset == 7200 && europe.type(at: 1_792_890_000).offset == 3600)
        let india = try #require(PosixZoneRule("<+0530>-5:30"))
        #expect(india.type(at: 0) == .init(offset: 19_800, daylight: false, name: "+0530"))
        // No rule after the daylight name: the United States' (second Sunday of March, first of November).
        let us = try #require(PosixZoneRule("XST5XDT"))
        #expect(us.type(at: 1_783_000_000).offset == -14_400 && us.type(at: 1_768_485_900).offset == -18_000)
        for malformed in ["", "AB", "CET", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.5.0", "<+05", "CET-1CEST,J0,J365",
            "CET-1CEST,M3.5.0/168,M10.5.0", "CET-25", "CET-1CEST,M3.5.0,M10.5.0/3 trailing", "東京-9"]
        {
            #expect(PosixZoneRule(malformed) == nil, "\(malformed)")
        }
    }

    @Test func theSystemsZoneFromTZ() throws {
        #expect(CivilZone.system(environment: "Asia/Tokyo").identifier == "Asia/Tokyo")
        #expect(CivilZone.system(environment: ":Asia/Tokyo").identifier == "Asia/Tokyo")
        let fromFile = CivilZone.system(environment: "/usr/share/zoneinfo/Asia/Tokyo")
        #expect(fromFile.offset(at: 0) == 32_400 && fromFile.abbreviation(at: 0) == "JST")
        let rule = CivilZone.system(environment: "XST5XDT,M3.2.0,M11.1.0")
        #expect(rule.offset(at: 1_783_000_000) == -14_400 && rule.abbreviation(at: 1_783_000_000) == "XDT")
        // Unset, empty or unknown: /etc/localtime's zone, as the C library has it.
        let local = CivilZone.system(environment: nil)
        #expect(CivilZone.system(environment: "Not/AZone") == local)
        #expect(CivilZone.system(environment: "") == local)
        guard getenv("TZ") == nil else { return }
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        #expect(local.offset(at: Int(now)) == parts.tm_gmtoff)
    }
}
