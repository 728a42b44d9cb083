import Testing

/// Both executables answer `--help` and `--version` and reject what they do not know.
struct CommandLineTests {
    @Test(arguments: ["breezed", "breezectl"])
    func versionIsPrinted(program: String) throws {
        let binary = program == "breezed" ? Binaries.breezed : Binaries.breezectl
        let result = try Binaries.run(binary, ["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "\(program) 0.1.0\n")
    }

    @Test(arguments: ["breezed", "breezectl"])
    func helpIsPrinted(program: String) throws {
        let binary = program == "breezed" ? Binaries.breezed : Binaries.breezectl
        let result = try Binaries.run(binary, ["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Usage: \(program)"))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try Binaries.run(Binaries.breezectl, ["frobnicate"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("unknown command 'frobnicate'"))
    }

    @Test func unknownDaemonOptionIsAUsageError() throws {
        let result = try Binaries.run(Binaries.breezed, ["--frobnicate"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("unknown option '--frobnicate'"))
    }
}
