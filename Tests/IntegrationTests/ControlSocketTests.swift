import BreezeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The real `breezed` answering the real `breezectl` over its control socket, for root and
/// for `nobody` (run with setpriv, as an ordinary user would be).
@Suite(.enabled(if: getuid() == 0, "setpriv --reuid needs root"))
struct ControlSocketTests {
    /// `breezectl ARGUMENTS` as nobody.
    func asNobody(_ arguments: [String]) throws -> ProcessResult {
        try Binaries.runAsNobody(Binaries.breezectl, arguments)
    }

    func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    /// A temporary folder for the state and the socket, and a configuration using both.
    func setUp(_ server: OpenMeteoServer, extra: String = "") throws -> (path: String, state: String, socket: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-control-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        let state = folder + "/state"
        let socket = folder + "/control"
        let path = try server.configuration(
            cities: [DaemonTests.paris],
            extra: "PollInterval=15min\nJitter=0\nStateDirectory=\(state)\nControlSocket=\(socket)\n" + extra)
        return (path, state, socket)
    }

    func setParis(_ server: OpenMeteoServer, _ aqi: Int) throws {
        let (_, latitude, longitude) = DaemonTests.paris
        try server.control(
            "readings",
            #"{"locations":[{"latitude":\#(latitude),"longitude":\#(longitude),"current":{"us_aqi":\#(aqi),"pm2_5":\#(Double(aqi) / 2),"us_aqi_pm2_5":\#(aqi)}}]}"#)
    }

    @Test func statusComesFromTheDaemonForAnyoneAndFromTheStateFileOnceItStops() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        try setParis(server, 170)
        // The reading sets only `current`: the value pinned (170) is Open-Meteo's `us_aqi`.
        let (path, state, socket) = try setUp(server, extra: "[Alert]\nConfirmAfter=1\nAQISource=open-meteo\n")
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        try #require(daemon.waitForLog("control socket: listening on \(socket)"))
        try #require(daemon.waitForLog("Paris: AQI 170"))
        // As under DynamicUser=: nobody else may enter the state directory.
        chmod(state, 0o700)

        // The reading is logged during the cycle; the daemon's state takes it at the cycle's end.
        let status = try eventuallyFound(every: 0.05) { () -> ProcessResult? in
            let status = try asNobody(["status", "--config", path, "--json"])
            return status.status == 0 ? status : nil
        } ?? asNobody(["status", "--config", path, "--json"])
        #expect(status.status == 0, "\(status.standardError)")
        let document = try json(status)
        let source = try #require(document["source"] as? [String: Any])
        #expect(source["kind"] as? String == "daemon")
        #expect(source["socket"] as? String == socket)
        #expect(source["processID"] as? Int == Int(daemon.process.processIdentifier))
        let cities = try #require(document["cities"] as? [[String: Any]])
        #expect(cities.first?["city"] as? String == "Paris")
        #expect(cities.first?["aqi"] as? Int == 170)
        #expect(cities.first?["alert"] as? String == "firing")
        let text = try asNobody(["status", "--config", path])
        #expect(text.standardOutput.contains("From breezed (pid \(daemon.process.processIdentifier)) on \(socket); next poll"))

        // Privileged requests: refused for nobody (the daemon polls nothing), done for root.
        let refused = try asNobody(["poll", "--config", path])
        #expect(refused.status == 77)
        #expect(refused.standardError.contains("permission denied: 'poll' is for root or breezed's own user (you are uid 65534)"))
        #expect(try asNobody(["reload", "--config", path]).status == 77)
        try setParis(server, 40)
        let polled = try Binaries.run(Binaries.breezectl, ["poll", "--config", path])
        #expect(polled.status == 0)
        #expect(polled.standardOutput == "polling every city now\n")
        #expect(daemon.waitForLog("Paris: AQI 40"))

        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        #expect(access(socket, F_OK) != 0, "the socket is removed at the stop")
        let fromFile = try Binaries.run(Binaries.breezectl, ["status", "--config", path, "--json"])
        #expect(fromFile.status == 0)
        let fileSource = try #require(try json(fromFile)["source"] as? [String: Any])
        #expect(fileSource["kind"] as? String == "stateFile")
        #expect(fileSource["path"] as? String == state + "/state.json")
        #expect((fileSource["reason"] as? String)?.contains("breezed does not answer on \(socket)") == true)
        #expect(((try json(fromFile))["cities"] as? [[String: Any]])?.first?["aqi"] as? Int == 40)
        // nobody cannot read the state file without the daemon: a clear error, exit 65.
        let unreadable = try asNobody(["status", "--config", path])
        #expect(unreadable.status == 65)
        #expect(unreadable.standardError.contains("breezed does not answer on \(socket)"))
        #expect(unreadable.standardError.contains("Permission denied"))
    }

    /// As scripts/run runs it: no ControlSocket=, the socket in $RUNTIME_DIRECTORY, and
    /// breezectl told where by $BREEZE_CONTROL_SOCKET (or the same $RUNTIME_DIRECTORY).
    @Test func theSocketFollowsRuntimeDirectoryAndBreezectlFollowsTheEnvironment() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-run-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        let state = runtime + "-state"
        let path = try server.configuration(cities: [DaemonTests.paris], extra: "StateDirectory=\(state)\n")
        let daemon = try DaemonProcess(
            arguments: ["--config", path, "--log", "stderr"], environment: ["RUNTIME_DIRECTORY": runtime])
        try #require(daemon.waitForLog("control socket: listening on \(runtime)/control"))

        // Without a hint breezectl looks at /run/breeze/control (none on a test machine) and
        // reads the state file.
        if access("/run/breeze/control", F_OK) != 0 {
            let unhinted = try Binaries.run(Binaries.breezectl, ["status", "--config", path, "--json"])
            #expect((try json(unhinted)["source"] as? [String: Any])?["kind"] as? String == "stateFile")
        }
        for hint in [["BREEZE_CONTROL_SOCKET": runtime + "/control"], ["RUNTIME_DIRECTORY": runtime]] {
            let hinted = try Binaries.run(Binaries.breezectl, ["status", "--config", path, "--json"], environment: hint)
            let source = try #require(try json(hinted)["source"] as? [String: Any])
            #expect(source["kind"] as? String == "daemon")
            #expect(source["socket"] as? String == runtime + "/control")
        }
        // The daemon also answers a status without any configuration on breezectl's side.
        let noConfiguration = try Binaries.run(
            Binaries.breezectl, ["status", "--config", runtime + "/missing.conf", "--json"],
            environment: ["BREEZE_CONTROL_SOCKET": runtime + "/control"])
        #expect(((try json(noConfiguration))["cities"] as? [[String: Any]])?.first?["city"] as? String == "Paris")
        // reload over the socket, as root: the daemon reloads.
        let reloaded = try Binaries.run(
            Binaries.breezectl, ["reload", "--config", path], environment: ["BREEZE_CONTROL_SOCKET": runtime + "/control"])
        #expect(reloaded.status == 0)
        #expect(daemon.waitForLog("BREEZE_EVENT=reloaded"))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    @Test func aSilentClientBlocksNobodyAndAnOversizedRequestIsRefused() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let (path, _, socket) = try setUp(server)
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        try #require(daemon.waitForLog("control socket: listening on \(socket)"))

        let silent = try RawClient(socket)
        defer { silent.close() }
        for _ in 0..<3 {
            let status = try asNobody(["status", "--config", path])
            #expect(status.status == 0 || status.status == 3, "\(status.standardError)")
            #expect(status.standardOutput.contains("From breezed (pid "))
        }
        let oversized = try RawClient(socket)
        defer { oversized.close() }
        let answer = oversized.exchange(Array(repeating: UInt8(ascii: "x"), count: 100_000))
        #expect(answer.contains(#""error":"request longer than 4096 bytes""#))
        // The silent client is cut off by the daemon's deadline (5 s), not by our guard (20 s).
        #expect(silent.waitForEnd(guardSeconds: 20))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    @Test func givenUpDeliveriesAreListedWithTheirReasonAndRootRequeuesThem() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        // The first delivery is refused for good (400: to dead/); the next ones are taken.
        try webhook.respond(#"{"responses":[{"status":400,"body":"bad"}]}"#)
        try setParis(server, 170)
        let (path, state, socket) = try setUp(
            server, extra: "[Alert]\nConfirmAfter=1\n[Webhook \"ops\"]\nURL=\(webhook.url)\nRetryInitialDelay=200ms\n")
        let once = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(once.standardError.contains("gave up delivering alert paris-"))

        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        try #require(daemon.waitForLog("control socket: listening on \(socket)"))
        let listed = try asNobody(["outbox", "--config", path, "--json"])
        #expect(listed.status == 0, "\(listed.standardError)")
        let document = try json(listed)
        let dead = try #require(document["dead"] as? [[String: Any]])
        #expect(dead.count == 1)
        #expect(dead.first?["receiver"] as? String == "ops")
        #expect(dead.first?["kind"] as? String == "firing")
        #expect((dead.first?["reason"] as? String)?.contains("400") == true)
        #expect((document["source"] as? [String: Any])?["kind"] as? String == "daemon")
        let text = try asNobody(["outbox", "--config", path])
        #expect(text.standardOutput.hasPrefix("0 pending, 1 given up\n"))
        #expect(text.standardOutput.contains("ops       given up  Paris  firing"))

        let refused = try asNobody(["outbox", "retry", "ops", "--config", path])
        #expect(refused.status == 77)
        let unknown = try Binaries.run(Binaries.breezectl, ["outbox", "retry", "nobody-here", "--config", path])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("no receiver named 'nobody-here'"))
        let retried = try Binaries.run(Binaries.breezectl, ["outbox", "retry", "ops", "--config", path])
        #expect(retried.status == 0, "\(retried.standardError)")
        #expect(retried.standardOutput == "1 given-up delivery back in the outbox\n")
        #expect(webhook.waitFor { deliveries in deliveries.contains { $0.id.hasPrefix("paris-") && $0.status == 200 } })
        let after = try json(try Binaries.run(Binaries.breezectl, ["outbox", "--config", path, "--json"]))
        #expect((after["dead"] as? [Any])?.isEmpty == true)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)

        // Stopped: root reads the folders itself; nobody, kept out of them, is told why.
        let fromFolders = try Binaries.run(Binaries.breezectl, ["outbox", "--config", path, "--json"])
        #expect(fromFolders.status == 0)
        let folderSource = try #require(try json(fromFolders)["source"] as? [String: Any])
        #expect(folderSource["kind"] as? String == "stateDirectory")
        #expect((folderSource["reason"] as? String)?.contains("breezed does not answer on \(socket)") == true)
        chmod(state, 0o700)
        let keptOut = try asNobody(["outbox", "--config", path])
        #expect(keptOut.status == 65)
        #expect(keptOut.standardError.contains("Permission denied"))
        #expect(try asNobody(["outbox", "retry", "--config", path]).status == 69)
    }
}

/// A client speaking raw bytes to a Unix socket, as a broken or hostile one would.
final class RawClient {
    let descriptor: Int32

    init(_ path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else { throw FixtureFailure(message: "cannot connect to \(path)") }
    }

    /// Sends `bytes` (as much as the daemon takes) and reads until it closes.
    func exchange(_ bytes: [UInt8]) -> String {
        setTimeout(10)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether the other end closes the connection before `guardSeconds` pass.
    func waitForEnd(guardSeconds: Int) -> Bool {
        setTimeout(guardSeconds)
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, 0) == 0
    }

    private func setTimeout(_ seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    func close() { _ = Glibc.close(descriptor) }
}
