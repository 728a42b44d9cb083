import BreezeCommandLine
import BreezeModel
import BreezeVocabulary
import Testing

@testable import BreezeCtl

/// `breezectl add --name … --latitude … --longitude …`: the city the arguments name, or the
/// usage error naming the argument that is wrong.
struct AddArgumentsTests {
    func city(_ arguments: [String]) throws -> Result<City, UsageError> {
        let specification = ArgumentSpecification(
            options: ["name", "latitude", "longitude", "config", "pick", "country", "region"])
        return AddCommand.cityFromArguments(try specification.parse(arguments))
    }

    @Test func theArgumentsMakeTheCity() throws {
        let made = try city([
            "--name", "東京", "--latitude", "35.6895", "--longitude=139.69171", "--country", "Japan",
            "--region", "Tokyo",
        ])
        #expect(
            made == .success(
                City(name: "東京", country: "Japan", admin1: "Tokyo", latitude: 35.6895, longitude: 139.69171)))
    }

    @Test func everyMissingArgumentIsNamed() throws {
        #expect(try city(["--name", "Paris"]) == .failure(UsageError("missing --latitude, --longitude; try 'breezectl add --help'")))
        #expect(try city(["--latitude", "1", "--longitude", "2"]) == .failure(UsageError("missing --name; try 'breezectl add --help'")))
    }

    @Test(arguments: ["nan", "inf", "-inf", "1e400", "north", ""])
    func aLatitudeThatIsNotAFiniteNumberIsRefused(latitude: String) throws {
        #expect(
            try city(["--name", "Paris", "--latitude", latitude, "--longitude", "2"])
                == .failure(UsageError("--latitude needs a number, not '\(latitude)'")))
    }

    @Test func aLongitudeThatIsNotANumberIsRefused() throws {
        #expect(
            try city(["--name", "Paris", "--latitude", "1", "--longitude", "1e300x"])
                == .failure(UsageError("--longitude needs a number, not '1e300x'")))
    }

    @Test(arguments: ["", "   ", "Paris\nInjected=1", "Paris\r"])
    func aNameMustBeOneLineOfText(name: String) throws {
        #expect(
            try city(["--name", name, "--latitude", "1", "--longitude", "2"])
                == .failure(UsageError("--name must be a non-empty single line")))
    }

    @Test func countryAndRegionMustBeOneLine() throws {
        #expect(
            try city(["--name", "Paris", "--latitude", "1", "--longitude", "2", "--region", "Île\n[Breeze]"])
                == .failure(UsageError("--region must be a single line")))
        #expect(
            try city(["--name", "Paris", "--latitude", "1", "--longitude", "2", "--country", "France\n"])
                == .failure(UsageError("--country must be a single line")))
    }

    @Test func aQueryBesideCoordinatesIsRefused() throws {
        #expect(
            try city(["Paris", "--name", "Paris", "--latitude", "1", "--longitude", "2"])
                == .failure(UsageError("unexpected argument 'Paris' beside --latitude/--longitude")))
    }
}
