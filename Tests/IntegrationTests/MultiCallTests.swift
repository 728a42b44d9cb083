import BreezeTestSupport
import Foundation
import Testing

/// The multi-call binary the package installs (`breeze-multicall`, as /usr/sbin/breezed with
/// /usr/bin/breezectl a link to it) is breezed or breezectl by the name it is run as, says that
/// name in every message, and refuses any other name.
final class MultiCallTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-multicall-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/sbin", withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    static var multiCall: URL { Binaries.productsFolder.appendingPathComponent("breeze-multicall") }

    /// A symbolic link named `name` (under the test's folder) to the multi-call binary.
    func link(_ name: String) throws -> URL {
        let path = folder + "/" + name
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: Self.multiCall.path)
        return URL(fileURLWithPath: path)
    }

    @Test(arguments: ["breezed", "breezectl"])
    func theLinksNameChoosesTheProgram(program: String) throws {
        let result = try Binaries.run(try link("sbin/" + program), ["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "\(program) 0.1.0\n")
        #expect(result.standardError == "")
    }

    /// The same help as the program's own executable: one command behind both.
    @Test(arguments: ["breezed", "breezectl"])
    func helpIsTheProgramsOwn(program: String) throws {
        let own = try Binaries.run(program == "breezed" ? Binaries.breezed : Binaries.breezectl, ["--help"])
        let called = try Binaries.run(try link(program), ["--help"])
        #expect(called.status == 0)
        #expect(called.standardOutput.hasPrefix("Usage: \(program)"))
        #expect(called.standardOutput == own.standardOutput)
    }

    @Test func usageErrorsNameTheProgram() throws {
        let daemon = try Binaries.run(try link("breezed"), ["--frobnicate"])
        #expect(daemon.status == 64)
        #expect(daemon.standardError == "breezed: unknown option '--frobnicate'\nTry 'breezed --help'.\n")
        let control = try Binaries.run(try link("breezectl"), ["frobnicate"])
        #expect(control.status == 64)
        #expect(control.standardError.hasPrefix("breezectl: unknown command 'frobnicate'"))
    }

    @Test func breezectlRunsACommand() throws {
        let result = try Binaries.run(try link("breezectl"), ["aqi", "pm2_5=35.9"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("102"))
    }

    /// Its own name, a near miss, and a name with an escape character (shown escaped, not sent
    /// to the terminal): exit 64 (EX_USAGE), nothing on standard output.
    @Test(arguments: [
        ("breeze-multicall", "breeze-multicall"), ("breezed.old", "breezed.old"), ("Breezectl", "Breezectl"),
        ("bad\u{1B}[2Jname", "bad\\x1B[2Jname"),
    ])
    func anyOtherNameIsRefused(name: String, shown: String) throws {
        let result = try Binaries.run(try link(name), ["--version"])
        #expect(result.status == 64)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "breeze-multicall: called as '\(shown)'; it runs as breezed or breezectl, by the name it is called by\n"
                + "Run it through a link named breezed or breezectl.\n")
    }
}
