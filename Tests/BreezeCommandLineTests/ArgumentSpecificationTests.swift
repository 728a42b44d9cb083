import BreezeCommandLine
import Testing

struct ArgumentSpecificationTests {
    let specification = ArgumentSpecification(flags: ["json", "help"], options: ["config", "count"])

    @Test func splitsFlagsOptionsAndPositionals() throws {
        let parsed = try specification.parse(["Paris", "--json", "--count", "3", "--config=/x.conf"])
        #expect(parsed.positionals == ["Paris"])
        #expect(parsed.has("json"))
        #expect(parsed.value("count") == "3")
        #expect(parsed.value("config") == "/x.conf")
    }

    @Test func repeatedOptionsKeepEveryValueInOrder() throws {
        let parsed = try specification.parse(["--count", "1", "--count=2"])
        #expect(parsed.options["count"] == ["1", "2"])
        #expect(parsed.value("count") == "2")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try specification.parse(["--", "--json", "-x"])
        #expect(parsed.positionals == ["--json", "-x"])
        #expect(!parsed.has("json"))
    }

    @Test func shortHelpIsHelpOnlyWhereHelpIsAFlag() throws {
        #expect(try specification.parse(["-h"]).has("help"))
        #expect(try specification.parse(["--", "-h"]).positionals == ["-h"])
        #expect(throws: UsageError("unknown option '-h'")) {
            try ArgumentSpecification(flags: ["json"]).parse(["-h"])
        }
    }

    @Test func negativeNumbersAreValuesNotOptions() throws {
        let parsed = try specification.parse(["--count", "-5", "-33.8688"])
        #expect(parsed.value("count") == "-5")
        #expect(parsed.positionals == ["-33.8688"])
    }

    @Test(arguments: [
        (["--verbose"], "unknown option '--verbose'"),
        (["-v"], "unknown option '-v'"),
        (["--config"], "option '--config' needs a value"),
        (["--json=yes"], "option '--json' takes no value"),
    ])
    func errorsNameTheArgument(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try specification.parse(arguments) }
    }
}
