import BreezeTestSupport
import Foundation
import Testing

/// Every exit status each command's `--help` lists is provoked with the real binary, and every
/// status provoked is listed: the help and the behaviour cannot drift apart.
final class ExitStatusTests {
    let folder: String
    let server: OpenMeteoServer
    var config: String
    static let key = "exit-status-key-7"

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-exit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        server = try OpenMeteoServer(arguments: ["--require-apikey", Self.key])
        config = ""
        config = try self.config("main", state: folder + "/state")
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes `text` to `name` in the test's folder (creating folders) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The numbers of the "Exit status:" block of `arguments` + `--help`.
    func documented(_ executable: URL, _ arguments: [String]) throws -> Set<Int32> {
        let help = try Binaries.run(executable, arguments + ["--help"])
        #expect(help.status == 0)
        let lines = help.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "Exit status:") else { return [] }
        return Set(lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.compactMap { line in
            Int32(line.split(separator: " ").first ?? "")
        })
    }

    /// One way to make a command end with a status.
    struct Provocation {
        var command: String
        var status: Int32
        var run: () throws -> ProcessResult
    }

    func breezectl(_ arguments: [String]) -> () throws -> ProcessResult {
        { try Binaries.run(Binaries.breezectl, arguments) }
    }

    /// A process listening on the Unix socket `path` that answers the first request with
    /// `answer` and exits (after 20 s at most); returns once it listens.
    static func answerOnce(_ path: String, _ answer: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            """
            import socket, sys
            server = socket.socket(socket.AF_UNIX)
            server.bind(sys.argv[1]); server.listen(1); server.settimeout(20)
            print("READY", flush=True)
            connection, _ = server.accept(); connection.settimeout(5)
            connection.recv(4096); connection.sendall(sys.argv[2].encode() + b"\\n"); connection.close()
            """,
            path, answer,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let ready = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard ready.hasPrefix("READY") else { throw CocoaError(.fileReadUnknown) }
        return process
    }

    /// `breezectl ARGUMENTS` against a control socket that answers `answer` once (nil: none
    /// there at all).
    func breezectl(_ arguments: [String], answering answer: String?) -> () throws -> ProcessResult {
        { [folder] in
            let socket = folder + "/answer-\(UUID().uuidString.prefix(8)).sock"
            let answering = try answer.map { try Self.answerOnce(socket, $0) }
            defer { answering?.waitUntilExit() }
            return try Binaries.run(Binaries.breezectl, arguments, environment: ["BREEZE_CONTROL_SOCKET": socket])
        }
    }

    /// `poll` and `reload`: each answer breezed may give, and no daemon at all.
    func requestProvocations() -> [Provocation] {
        ["poll", "reload"].flatMap { command in
            [
                Provocation(command: command, status: 0, run: breezectl([command], answering: #"{"message":"asked","ok":true}"#)),
                Provocation(command: command, status: 64, run: breezectl([command, "extra"])),
                Provocation(command: command, status: 69, run: breezectl([command], answering: nil)),
                Provocation(
                    command: command, status: 75,
                    run: breezectl(
                        [command],
                        answering: #"{"error":"busy: 16 connections in use, as many as breezed serves at once; try again","ok":false}"#)),
                Provocation(
                    command: command, status: 77,
                    run: breezectl(
                        [command],
                        answering: #"{"error":"permission denied: '\#(command)' is for root or breezed's own user","ok":false}"#)),
            ]
        }
    }

    func breezed(_ arguments: [String]) -> () throws -> ProcessResult {
        { try Binaries.run(Binaries.breezed, arguments) }
    }

    /// A configuration against the fixture, with the right key and one city, then `extra`.
    func config(_ name: String, state: String? = nil, extra: String = "") throws -> String {
        try write(
            name + "/breezed.conf",
            "[Breeze]\nApiURL=\(server.baseURL)\nGeocodingURL=\(server.baseURL)\nTimeout=5s\nApiKey=\(Self.key)\n"
                + "StateDirectory=\(state ?? folder + "/" + name + "/state")\n"
                + "[City \"Berlin\"]\nLatitude=52.52\nLongitude=13.41\n" + extra)
    }

    func provocations() throws -> [Provocation] {
        let missing = folder + "/missing.conf"
        let wrongKey = try write(
            "wrong-key/breezed.conf",
            "[Breeze]\nApiURL=\(server.baseURL)\nGeocodingURL=\(server.baseURL)\nApiKey=not-the-key\nTimeout=5s\n"
                + "[City \"Berlin\"]\nLatitude=52.52\nLongitude=13.41\n")
        let down = try write(
            "down/breezed.conf",
            "[Breeze]\nApiURL=http://127.0.0.1:1\nGeocodingURL=http://127.0.0.1:1\nTimeout=2s\n"
                + "StateDirectory=\(folder)/down/state\n[City \"Berlin\"]\nLatitude=52.52\nLongitude=13.41\n")
        let noCity = try write("no-city/breezed.conf", "[Breeze]\nApiURL=\(server.baseURL)\n")
        try write("state/state.json", "{\"version\":1,\"lastCycleCompletedAt\":\(Int(Date().timeIntervalSince1970)),\"cities\":{}}")
        let stale = try config("stale")
        let corrupt = try config("corrupt")
        try write("corrupt/state/state.json", "{\"version\":1,\"cities\":")
        // A drop-in folder that is a dangling symbolic link: the city's drop-in cannot be created.
        let unwritable = try config("unwritable")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/unwritable/breezed.conf.d", withDestinationPath: folder + "/nowhere/at-all")
        let mail = try config(
            "mail",
            extra: "[Email \"mail\"]\nTo=ops@example.com\nSpool=\(folder)/mail\n"
                + "[Webhook \"closed\"]\nURL=http://127.0.0.1:1/hook\nTimeout=2s\nEnabled=no\n")
        let badState = try config("bad-state", state: try write("state-is-a-file", ""))
        // Two cities, the answer short of the second: one city with data, one without.
        let twoCities = try config("two", extra: "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n")
        let server = self.server
        return [
            Provocation(command: "", status: 0, run: breezectl(["--version"])),
            Provocation(command: "", status: 64, run: breezectl([])),
            Provocation(command: "check-config", status: 0, run: breezectl(["check-config", "--config", config])),
            Provocation(command: "check-config", status: 64, run: breezectl(["check-config", "extra"])),
            Provocation(command: "check-config", status: 78, run: breezectl(["check-config", "--config", missing])),
            Provocation(command: "search", status: 0, run: breezectl(["search", "Berlin", "--config", config])),
            Provocation(command: "search", status: 1, run: breezectl(["search", "Atlantis", "--config", config])),
            Provocation(command: "search", status: 64, run: breezectl(["search", "", "--config", missing])),
            Provocation(command: "search", status: 69, run: breezectl(["search", "Berlin", "--config", down])),
            Provocation(command: "search", status: 78, run: breezectl(["search", "Berlin", "--config", wrongKey])),
            Provocation(command: "add", status: 0, run: breezectl(["add", "--name", "Oslo", "--latitude", "59.9", "--longitude", "10.7", "--config", config])),
            Provocation(command: "add", status: 1, run: breezectl(["add", "Atlantis", "--config", config])),
            Provocation(command: "add", status: 64, run: breezectl(["add", "--name", "Oslo", "--config", config])),
            Provocation(command: "add", status: 69, run: breezectl(["add", "Berlin", "--config", down])),
            Provocation(command: "add", status: 73, run: breezectl(["add", "--name", "Rome", "--latitude", "41.9", "--longitude", "12.5", "--config", unwritable])),
            Provocation(command: "add", status: 78, run: breezectl(["add", "Berlin", "--config", wrongKey])),
            Provocation(command: "now", status: 0, run: breezectl(["now", "--config", config])),
            Provocation(command: "now", status: 64, run: breezectl(["now", "--city", "Atlantis", "--config", config])),
            Provocation(command: "now", status: 69, run: breezectl(["now", "--config", down])),
            Provocation(command: "now", status: 78, run: breezectl(["now", "--config", wrongKey])),
            Provocation(command: "status", status: 0, run: breezectl(["status", "--config", config])),
            Provocation(command: "status", status: 3, run: breezectl(["status", "--config", stale])),
            Provocation(command: "status", status: 64, run: breezectl(["status", "extra", "--config", config])),
            Provocation(command: "status", status: 65, run: breezectl(["status", "--config", corrupt])),
            Provocation(command: "status", status: 78, run: breezectl(["status", "--config", missing])),
            Provocation(command: "status", status: 70, run: { [folder] in
                // A control socket that answers "ok" and nothing else: not a status breezed sends.
                let socket = folder + "/mute.sock"
                let answering = try Self.answerOnce(socket, #"{"ok":true}"#)
                defer { answering.waitUntilExit() }
                return try Binaries.run(
                    Binaries.breezectl, ["status", "--config", try self.write("mute/breezed.conf", "[Breeze]\nControlSocket=\(socket)\n")])
            }),
            Provocation(command: "aqi", status: 0, run: breezectl(["aqi", "pm2_5=12"])),
            Provocation(command: "aqi", status: 64, run: breezectl(["aqi", "pm2_5=-1"])),
            Provocation(command: "test-alert", status: 0, run: breezectl(["test-alert", "mail", "--config", mail])),
            Provocation(command: "test-alert", status: 1, run: breezectl(["test-alert", "closed", "--config", mail])),
            Provocation(command: "test-alert", status: 64, run: breezectl(["test-alert", "nobody", "--config", mail])),
            Provocation(command: "test-alert", status: 78, run: breezectl(["test-alert", "--config", config])),
            Provocation(command: "backtest", status: 0, run: breezectl(["backtest", "--days", "2", "--source", "both", "--config", config])),
            Provocation(command: "backtest", status: 64, run: breezectl(["backtest", "--days", "93", "--config", config])),
            Provocation(command: "backtest", status: 64, run: breezectl(["backtest", "--city", "Atlantis", "--config", config])),
            Provocation(command: "backtest", status: 69, run: breezectl(["backtest", "--days", "2", "--config", down])),
            Provocation(command: "backtest", status: 73, run: breezectl(["backtest", "--days", "2", "--report", folder + "/nowhere/report.html", "--config", config])),
            Provocation(command: "backtest", status: 78, run: breezectl(["backtest", "--days", "2", "--config", wrongKey])),
            Provocation(command: "backtest", status: 78, run: breezectl(["backtest", "--config", noCity])),
            Provocation(command: "breezed", status: 0, run: breezed(["--check", "--config", config])),
            Provocation(command: "breezed", status: 64, run: breezed(["--bogus"])),
            Provocation(command: "breezed", status: 69, run: breezed(["--once", "--log", "stderr", "--config", down])),
            Provocation(command: "breezed", status: 73, run: breezed(["--once", "--log", "stderr", "--config", badState])),
            Provocation(command: "breezed", status: 75, run: {
                try server.control("faults", #"{"faults": [{"path": "/v1/air-quality", "kind": "wrong_length", "count": 1}]}"#)
                return try Binaries.run(Binaries.breezed, ["--once", "--log", "stderr", "--config", twoCities])
            }),
            Provocation(command: "breezed", status: 78, run: breezed(["--check", "--config", missing])),
            Provocation(command: "now", status: 78, run: breezectl(["now", "--config", noCity])),
        ]
    }

    @Test func eachDocumentedStatusIsProvokedAndNoOther() throws {
        let provocations = try provocations() + requestProvocations()
        for provocation in provocations {
            let result = try provocation.run()
            let detail = "\(provocation.command) → \(provocation.status): " + result.standardOutput + result.standardError
            #expect(result.status == provocation.status, Comment(rawValue: detail))
        }
        let commands = ["", "check-config", "search", "add", "now", "status", "aqi", "test-alert", "backtest", "poll", "reload"]
        for command in commands {
            let documented = try documented(Binaries.breezectl, command.isEmpty ? [] : [command])
            let provoked = Set(provocations.filter { $0.command == command }.map(\.status))
            #expect(documented == provoked, "breezectl \(command) --help lists \(documented.sorted())")
        }
        let daemon = try documented(Binaries.breezed, [])
        #expect(daemon == Set(provocations.filter { $0.command == "breezed" }.map(\.status)))
    }

    @Test func searchSendsTheConfiguredKeyAndAnEmptyQueryNeverLeavesTheMachine() throws {
        let found = try Binaries.run(Binaries.breezectl, ["search", "Berlin", "--config", config])
        #expect(found.status == 0, "\(found.standardError)")
        let searches = try server.requests(to: "/v1/search")
        #expect(searches.count == 1)
        let query = searches.first?["query"] as? [String: [String]]
        #expect(query?["apikey"] == [Self.key])
        #expect(!found.standardOutput.contains(Self.key) && !found.standardError.contains(Self.key))

        for command in ["search", "add"] {
            let empty = try Binaries.run(Binaries.breezectl, [command, "  ", "--config", config])
            #expect(empty.status == 64)
            #expect(empty.standardError.contains("QUERY is empty"))
        }
        #expect(try server.requests(to: "/v1/search").count == 1)
    }

    @Test func aRefusedKeyInNowIsAConfigurationError() throws {
        let path = try write("refused/breezed.conf", "[Breeze]\nApiURL=\(server.baseURL)\nApiKey=not-the-key\nTimeout=5s\n[City \"Berlin\"]\nLatitude=52.52\nLongitude=13.41\n")
        let result = try Binaries.run(Binaries.breezectl, ["now", "--config", path])
        #expect(result.status == 78)
        #expect(result.standardError.contains("The supplied API key is invalid"))
        #expect(!result.standardError.contains("not-the-key"))
    }
}
