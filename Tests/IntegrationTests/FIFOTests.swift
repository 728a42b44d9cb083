import BreezeTestSupport
import Foundation
import Testing

/// A FIFO named as configuration (the main file or a drop-in) is refused at once with a clear
/// error; until 0.1 opening it blocked `check-config`, `breezed --check` and, on SIGHUP, the
/// daemon's reload (polling stopped until the watchdog killed it). Each command runs under
/// `timeout 20`, so a regression fails (status 124) instead of hanging the suite.
struct FIFOTests {
    static let timeout = URL(fileURLWithPath: "/usr/bin/timeout")

    /// A folder with `breezed.conf` (one city) and, when `fifoAsDropIn`, a FIFO
    /// `breezed.conf.d/fifo.conf`; with `fifoAsMain`, `breezed.conf` itself is the FIFO.
    func folder(_ server: OpenMeteoServer, fifoAsMain: Bool = false, fifoAsDropIn: Bool = false) throws -> (config: String, fifo: String) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let config = try server.configuration(cities: [DaemonTests.paris], extra: "StateDirectory=\(state)\nPollInterval=1h\nJitter=0\n")
        var fifo = config
        if fifoAsMain {
            try FileManager.default.removeItem(atPath: config)
        } else {
            let dropIns = (config as NSString).deletingLastPathComponent + "/breezed.conf.d"
            try FileManager.default.createDirectory(atPath: dropIns, withIntermediateDirectories: true)
            fifo = dropIns + "/fifo.conf"
        }
        if fifoAsMain || fifoAsDropIn { #expect(mkfifo(fifo, 0o644) == 0) }
        return (config, fifo)
    }

    @Test(arguments: [["breezectl", "check-config"], ["breezed", "--check"]], [true, false])
    func aFIFOIsRefusedWithoutBlocking(command: [String], asMain: Bool) throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let (config, fifo) = try folder(server, fifoAsMain: asMain, fifoAsDropIn: !asMain)
        let binary = command[0] == "breezed" ? Binaries.breezed : Binaries.breezectl
        let result = try Binaries.run(Self.timeout, ["20", binary.path] + command.dropFirst() + ["--config", config])
        #expect(result.status == 78)
        #expect(result.standardError.contains("\(fifo): cannot read the configuration: not a regular file (a FIFO)"))
    }

    @Test func aReloadWithAFIFODropInFailsAndPollingGoesOn() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let (config, _) = try folder(server)
        let daemon = try DaemonProcess(arguments: ["--config", config, "--log", "stderr"], environment: [:])
        #expect(daemon.waitForLog("BREEZE_EVENT=reading"))
        let dropIns = (config as NSString).deletingLastPathComponent + "/breezed.conf.d"
        try FileManager.default.createDirectory(atPath: dropIns, withIntermediateDirectories: true)
        #expect(mkfifo(dropIns + "/fifo.conf", 0o644) == 0)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("BREEZE_EVENT=reload-failed"))
        #expect(daemon.log.contains("\(dropIns)/fifo.conf: cannot read the configuration: not a regular file (a FIFO)"))
        // Still polling: SIGUSR1 brings a second reading at once (the poll interval is an hour).
        daemon.signal(SIGUSR1)
        #expect(eventually { daemon.log.components(separatedBy: "BREEZE_EVENT=reading").count - 1 == 2 })
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }
}
