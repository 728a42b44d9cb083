import BreezeTestSupport
import Foundation
import Testing

/// The real breezed with `[Web] Listen=` against the Open-Meteo fixture server: it answers
/// on the port, keeps polling on schedule under a flood of clients, survives a port in use,
/// moves on reload, and closes the port when it stops.
@Suite(.serialized)
struct WebListenerDaemonTests {
    /// A loopback port nothing listens on now (the kernel's choice, released again).
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        try #require(found)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// The HTTP status curl gets for `method url`; "000" when nothing answers.
    static func status(_ url: String, method: String = "GET") throws -> String {
        let arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5"]
            + (method == "HEAD" ? ["-I"] : ["-X", method])
        return try Processes.run(URL(fileURLWithPath: "/usr/bin/curl"), arguments + [url]).standardOutput
    }

    /// The body curl gets for GET `url`.
    static func body(_ url: String) throws -> String {
        try Processes.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "--max-time", "5", url]).standardOutput
    }

    func startDaemon(
        _ server: OpenMeteoServer, listen: String, interval: String = "15min",
        cities: [(String, Double, Double)] = [("Paris", 48.8566, 2.3522)]
    ) throws -> (DaemonProcess, String) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-web-\(UUID().uuidString)").path
        let path = try server.configuration(
            cities: cities,
            extra: "PollInterval=\(interval)\nJitter=0\nStateDirectory=\(state)\nControlSocket=\(state)/control\n[Web]\nListen=\(listen)\n")
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        return (daemon, path)
    }

    func readings(_ daemon: DaemonProcess) -> Int {
        daemon.log.components(separatedBy: "BREEZE_EVENT=reading").count - 1
    }

    @Test func answersOnItsPortAndClosesItWhenStopped() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let port = try Self.freePort()
        let (daemon, _) = try startDaemon(
            server, listen: "127.0.0.1:\(port) [::1]:\(port)",
            cities: [("Paris", 48.8566, 2.3522), ("Nice <b>&amp;'", 43.7, 7.27)])
        #expect(daemon.waitForLog("web: listening on 127.0.0.1:\(port) [::1]:\(port)"), "\(daemon.log)")
        // The dashboard: a card per configured city, each name as escaped text.
        let page = try Self.status("http://127.0.0.1:\(port)/")
        #expect(page == "200", "GET / answered \(page)")
        let dashboard = try Self.body("http://127.0.0.1:\(port)/")
        #expect(dashboard.contains("<title>Breeze: air quality</title>"), "\(dashboard.prefix(300))")
        #expect(dashboard.contains("data-city=\"Paris\""))
        #expect(dashboard.contains("data-city=\"Nice &lt;b&gt;&amp;amp;&#39;\""))
        #expect(!dashboard.contains("<b>&amp;"), "a name's markup is never markup")
        #expect(try Self.status("http://[::1]:\(port)/") == page)
        #expect(try Self.status("http://127.0.0.1:\(port)/", method: "HEAD") == page)
        #expect(try Self.status("http://127.0.0.1:\(port)/", method: "POST") == "405")
        #expect(try Self.status("http://127.0.0.1:\(port)/../../etc/passwd") == "404")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        #expect(try Self.status("http://127.0.0.1:\(port)/") == "000", "nothing listens after the stop")
    }

    @Test func aPortInUseIsAnErrorInTheLogAndPollingGoesOn() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let port = try Self.freePort()
        let (first, _) = try startDaemon(server, listen: "127.0.0.1:\(port)")
        #expect(first.waitForLog("web: listening on 127.0.0.1:\(port)"))
        let (second, _) = try startDaemon(server, listen: "127.0.0.1:\(port)")
        #expect(
            second.waitForLog(
                "web: not listening: cannot listen on 127.0.0.1:\(port): Address already in use; polling and alerts go on"),
            "\(second.log)")
        #expect(second.waitForLog("BREEZE_EVENT=reading"), "the second daemon polls all the same")
        for daemon in [first, second] {
            daemon.signal(SIGTERM)
            #expect(daemon.waitForExit() == 0)
        }
    }

    @Test func aReloadMovesTheListenerToTheNewPort() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let (old, new) = (try Self.freePort(), try Self.freePort())
        let (daemon, path) = try startDaemon(server, listen: "127.0.0.1:\(old)")
        #expect(daemon.waitForLog("web: listening on 127.0.0.1:\(old)"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Listen=127.0.0.1:\(old)", with: "Listen=127.0.0.1:\(new)").utf8)
            .write(to: URL(fileURLWithPath: path))
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("web: listening on 127.0.0.1:\(new)"), "\(daemon.log)")
        #expect(try Self.status("http://127.0.0.1:\(new)/") != "000")
        #expect(try Self.status("http://127.0.0.1:\(old)/") == "000", "the old port is closed")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    /// A client flooding the port with 1,000 connections at a time, again and again, for
    /// six poll intervals: every cycle still comes when it is due (the listener has threads
    /// of its own).
    @Test func thePollLoopKeepsItsScheduleWhileClientsFloodThePort() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let port = try Self.freePort()
        let (daemon, _) = try startDaemon(server, listen: "127.0.0.1:\(port)", interval: "2s")
        #expect(daemon.waitForLog("BREEZE_EVENT=reading"))
        let before = readings(daemon)
        let flood = try Processes.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Fixtures.path("web_probe.py").path, "flood", "127.0.0.1", String(port), "--connections", "1000", "--repeat-for", "12"])
        let after = readings(daemon)
        #expect(flood.status == 0, "\(flood.standardError)")
        print("under load: \(flood.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)); cycles \(after - before) in 12 s")
        let tally = try #require(try JSONSerialization.jsonObject(with: Data(flood.standardOutput.utf8)) as? [String: Any])
        #expect((tally["answered"] as? [String: Int])?.isEmpty == false, "the flood was answered")
        // Six intervals of 2 s: six cycles on schedule; at least four, allowing for a machine
        // busy with the flood client itself (its cost on a cycle's time is scripts/bench's).
        #expect(after - before >= 4, "\(after - before) cycles in 12 s at a 2 s interval")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }
}
