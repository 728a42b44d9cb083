import BreezeTestSupport
import Foundation
import Testing

/// `kill -9` at random moments — between the outbox writes and the state save among them —
/// many times over: every city's alerts reach the receiver, each crossing under one id only.
struct KillNineTests {
    /// Two hundred cities (so a cycle's outbox writes take long enough for kills to land among
    /// them), among them names an ASCII slug would merge.
    static let cities: [(String, Double, Double)] = {
        let odd = ["東京", "北京", "Saint-Denis", "Saint Denis", String(repeating: "Llanfair", count: 25), "São Paulo"]
        let names = odd + (0..<194).map { "City \($0)" }
        return names.enumerated().map { index, name in
            (name, -60 + Double(index / 20) * 12, -170 + Double(index % 20) * 17)
        }
    }()

    func stateSaved(_ state: String, after start: Double) -> Bool {
        guard let data = FileManager.default.contents(atPath: state + "/state.json"),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let last = document["lastCycleCompletedAt"] as? Double
        else { return false }
        return last >= start.rounded(.down)
    }

    func pending(_ state: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: state + "/outbox/ops")) ?? []).filter { $0.hasSuffix(".json") }.count
    }

    @Test func killedAtRandomMomentsNoAlertIsLostNorSentUnderASecondId() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let state = NSTemporaryDirectory() + "breeze-kill-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try server.alertingConfiguration(
            cities: Self.cities, state: state,
            receivers: """
                [Webhook "ops"]
                URL=\(webhook.url)
                RetryInitialDelay=100ms
                """)
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        // Four phases (fire, resolve, fire, resolve); in each, the daemon is killed ten times
        // at a random moment of its first cycle, then one run completes a cycle and delivers.
        for aqi in [170, 20, 170, 20] {
            try OutboxFaultTests.setAQI(server, Self.cities, aqi)
            for round in 0..<10 {
                let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
                // Mostly while the first cycle writes its entries, sometimes later.
                usleep(UInt32.random(in: 20_000...(round < 8 ? 300_000 : 900_000), using: &generator))
                daemon.signal(SIGKILL)
                daemon.process.waitUntilExit()
                kills += 1
                // Restart in the next second, as systemd would after RestartSec: an id made
                // from the clock (not the observation) would then differ.
                let now = Date().timeIntervalSince1970
                usleep(UInt32((now.rounded(.up) - now) * 1_000_000) + 10_000)
            }
            let start = Date().timeIntervalSince1970
            let settled = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
            #expect(eventually { stateSaved(state, after: start) && pending(state) == 0 }, "\(settled.log)")
            settled.signal(SIGTERM)
            #expect(settled.waitForExit() == 0)
        }
        #expect(kills >= 40)

        // Per city (the id up to its episode), the distinct ids in the order they first
        // arrived: exactly firing, resolved, firing, resolved. A crossing sent again under a
        // second id would show as two firings (or resolves) in a row; a lost one as a gap.
        var order: [String] = []
        var seen: Set<String> = []
        for delivery in try webhook.deliveries() where delivery.status == 200 && seen.insert(delivery.id).inserted {
            order.append(delivery.id)
        }
        var kindsByCity: [String: [String]] = [:]
        for id in order {
            var parts = id.components(separatedBy: "-")
            let kind = parts.removeLast()
            parts.removeLast(2)
            kindsByCity[parts.joined(separator: "-"), default: []].append(kind)
        }
        #expect(kindsByCity.count == Self.cities.count, "\(kindsByCity.keys.sorted())")
        for (city, kinds) in kindsByCity {
            #expect(kinds == ["firing", "resolved", "firing", "resolved"], "\(city): \(kinds)")
        }
        #expect(order.allSatisfy { $0.utf8.count <= 100 })
    }
}
