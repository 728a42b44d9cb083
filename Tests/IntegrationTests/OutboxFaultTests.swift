import BreezeTestSupport
import Foundation
import Testing

/// The real `breezed` with an outbox it cannot write (a full tmpfs, an immutable folder): the
/// alert waits and goes out, before its resolve, once the disk lets it; and a reload onto
/// another state folder is refused.
@Suite(.serialized) struct OutboxFaultTests {
    static let cities = [DaemonTests.paris, DaemonTests.tokyo]

    func occurrences(_ text: String, in log: String) -> Int { log.components(separatedBy: text).count - 1 }

    func configuration(_ server: OpenMeteoServer, webhook: WebhookReceiverServer, state: String) throws -> String {
        try server.alertingConfiguration(
            cities: Self.cities, state: state,
            receivers: """
                [Webhook "ops"]
                URL=\(webhook.url)
                RetryInitialDelay=200ms
                """)
    }

    static func setAQI(_ server: OpenMeteoServer, _ cities: [(String, Double, Double)], _ aqi: Int) throws {
        let locations = cities.map { _, latitude, longitude in
            #"{"latitude":\#(latitude),"longitude":\#(longitude),"current":{"us_aqi":\#(aqi),"pm2_5":\#(Double(aqi) / 2),"us_aqi_pm2_5":\#(aqi)}}"#
        }
        try server.control("readings", #"{"locations":[\#(locations.joined(separator: ","))]}"#)
    }

    /// Polls now and waits until the cycle has logged its readings (and so the cycle before
    /// it, with its outbox writes, is over).
    func pollAndWait(_ daemon: DaemonProcess) -> Bool {
        let before = occurrences("BREEZE_EVENT=reading", in: daemon.log)
        daemon.signal(SIGUSR1)
        return eventually { occurrences("BREEZE_EVENT=reading", in: daemon.log) >= before + Self.cities.count }
    }

    func command(_ path: String, _ arguments: [String]) throws -> ProcessResult {
        try Binaries.run(URL(fileURLWithPath: path), arguments)
    }

    /// Fires both cities while `block` keeps the outbox unwritable, over three cycles, then
    /// `unblock`s it and clears the air: each firing must go out once the disk allows, with
    /// one log line for the whole outage, and its resolve after it.
    func alertWaitsForTheDisk(
        state: String, start: (String) throws -> DaemonProcess, block: (DaemonProcess) throws -> Void,
        unblock: (DaemonProcess) throws -> Void
    ) throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let path = try configuration(server, webhook: webhook, state: state)
        try Self.setAQI(server, Self.cities, 20)
        let daemon = try start(path)
        #expect(daemon.waitForLog("BREEZE_EVENT=reading"))
        #expect(pollAndWait(daemon))
        try block(daemon)

        try Self.setAQI(server, Self.cities, 170)
        for _ in 0..<3 { #expect(pollAndWait(daemon)) }
        #expect(pollAndWait(daemon))
        let log = daemon.log
        #expect(occurrences("outbox: cannot write an entry", in: log) == 1, "\(log.split(separator: "\n").filter { $0.contains("outbox") })")
        #expect(occurrences("cannot save the state", in: log) <= 1)
        #expect(occurrences("BREEZE_EVENT=firing", in: log) == 0)
        #expect(try webhook.deliveries().isEmpty)
        #expect(daemon.process.isRunning)

        try unblock(daemon)
        #expect(pollAndWait(daemon))
        #expect(webhook.waitFor(seconds: 20) { $0.filter { $0.status == 200 }.count >= 2 })
        try Self.setAQI(server, Self.cities, 20)
        #expect(pollAndWait(daemon))
        #expect(webhook.waitFor(seconds: 20) { $0.filter { $0.status == 200 }.count >= 4 })
        let ids = try webhook.deliveries().filter { $0.status == 200 }.map(\.id)
        #expect(ids.count == 4 && Set(ids).count == 4)
        #expect(ids.map { $0.components(separatedBy: "-").last! } == ["firing", "firing", "resolved", "resolved"])
        #expect(occurrences("outbox: writable again", in: daemon.log) == 1)
        #expect(occurrences("BREEZE_EVENT=firing", in: daemon.log) == 2)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    @Test(.enabled(if: getuid() == 0, "mounts a tmpfs: needs root"))
    func aFullDiskDelaysTheAlertAndLosesNothing() throws {
        let state = NSTemporaryDirectory() + "breeze-full-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: state) }
        // A 512 KiB tmpfs over the state folder, in a mount namespace of the daemon's own:
        // it goes away with the process, whatever happens to the test.
        let mountThenRun = #"mount -t tmpfs -o size=512k,mode=0755 breeze-full "$0" && exec "$@""#
        try alertWaitsForTheDisk(
            state: state,
            start: { path in
                try DaemonProcess(
                    arguments: ["-m", "--propagation", "private", "/bin/sh", "-c", mountThenRun, state,
                                Binaries.breezed.path, "--config", path, "--log", "stderr"],
                    environment: [:], executable: URL(fileURLWithPath: "/usr/bin/unshare"))
            },
            block: { daemon in
                let pid = String(daemon.process.processIdentifier)
                let fill = try command(
                    "/usr/bin/nsenter", ["-t", pid, "-m", "--", "/bin/sh", "-c", "dd if=/dev/zero of='\(state)/fill' bs=4k; df -k '\(state)' | tail -1"])
                #expect(fill.standardOutput.contains("breeze-full"), "\(fill.standardError)")
                #expect(fill.standardError.contains("No space left on device"))
            },
            unblock: { daemon in
                let pid = String(daemon.process.processIdentifier)
                let removed = try command("/usr/bin/nsenter", ["-t", pid, "-m", "--", "/bin/rm", "\(state)/fill"])
                #expect(removed.status == 0)
            })
    }

    @Test(.enabled(if: getuid() == 0, "chattr +i needs root"))
    func anImmutableStateFolderDelaysTheAlertAndLosesNothing() throws {
        let state = NSTemporaryDirectory() + "breeze-immutable-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer {
            _ = try? command("/usr/bin/chattr", ["-i", state])
            try? FileManager.default.removeItem(atPath: state)
        }
        try alertWaitsForTheDisk(
            state: state,
            start: { path in try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:]) },
            block: { _ in
                let result = try command("/usr/bin/chattr", ["+i", state])
                #expect(result.status == 0, "\(result.standardError)")
            },
            unblock: { _ in
                let result = try command("/usr/bin/chattr", ["-i", state])
                #expect(result.status == 0)
            })
    }

    @Test func aReloadOntoAnotherStateDirectoryIsRefused() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let first = NSTemporaryDirectory() + "breeze-state-\(UUID().uuidString)"
        let second = NSTemporaryDirectory() + "breeze-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: first) }
        let path = try configuration(server, webhook: webhook, state: first)
        try Self.setAQI(server, Self.cities, 20)
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        #expect(daemon.waitForLog("BREEZE_EVENT=reading"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "StateDirectory=\(first)", with: "StateDirectory=\(second)")
            .write(toFile: path, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("BREEZE_EVENT=reload-failed"))
        #expect(daemon.log.contains("StateDirectory= changes need a restart"))
        #expect(!FileManager.default.fileExists(atPath: second))
        // Still running on the old folder: an alert lands in its outbox and goes out.
        try webhook.respond(#"{"responses":[{"status":503,"count":100}]}"#)
        try Self.setAQI(server, Self.cities, 170)
        #expect(pollAndWait(daemon))
        // Entries only: a retry's save leaves its temporary file (`*.tmp-XXXXXX`) there for a moment.
        func entries() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: first + "/outbox/ops")) ?? [])
                .filter { !$0.contains(".tmp-") }.count
        }
        #expect(eventually { entries() == 2 })
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }
}
