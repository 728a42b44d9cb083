import BreezeTestSupport
import Foundation
import Testing

/// Running two for high availability: two real `breezed` watching the same city, each sending
/// to both members of a real two-member Alertmanager cluster on loopback. The cluster holds one
/// alert, and the receiver behind it gets one notification, not two or four.
@Suite(.serialized, .enabled(if: AlertmanagerProcess.isInstalled, "prometheus-alertmanager is not installed"))
struct HighAvailabilityTests {
    /// Both members route every alert to `downstream`, grouped by city, notifying quickly.
    static func configuration(downstream: String) -> String {
        """
        route:
          receiver: downstream
          group_by: [alertname, city]
          group_wait: 1s
          group_interval: 2s
          repeat_interval: 1h
        receivers:
          - name: downstream
            webhook_configs:
              - url: \(downstream)
                send_resolved: true
        """
    }

    @Test func twoInstancesAndAClusterOfTwoNotifyOnce() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        try server.control(
            "readings", #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":170,"pm2_5":93,"us_aqi_pm2_5":170}}]}"#)
        let downstream = try WebhookReceiverServer()
        defer { downstream.stop() }

        let gossipA = try AlertmanagerProcess.freePort()
        var gossipB = try AlertmanagerProcess.freePort()
        while gossipB == gossipA { gossipB = try AlertmanagerProcess.freePort() }
        let yml = Self.configuration(downstream: downstream.url)
        let first = try AlertmanagerProcess(configuration: yml, clusterPort: gossipA, peers: [gossipB], peerTimeout: "3s")
        defer { first.stop() }
        let second = try AlertmanagerProcess(configuration: yml, clusterPort: gossipB, peers: [gossipA], peerTimeout: "3s")
        defer { second.stop() }
        // The cluster is formed before any alert arrives.
        #expect(eventually(every: 0.1) { try first.metric("alertmanager_cluster_members") == 2 && second.metric("alertmanager_cluster_members") == 2 })

        var daemons: [DaemonProcess] = []
        var states: [String] = []
        for _ in 0..<2 {
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-ha-\(UUID().uuidString)").path
            states.append(state)
            let path = try server.alertingConfiguration(
                cities: [("Paris", 48.8566, 2.3522)], state: state,
                receivers: """
                    [Webhook "am-a"]
                    URL=\(first.baseURL)
                    Format=alertmanager
                    [Webhook "am-b"]
                    URL=\(second.baseURL)
                    Format=alertmanager
                    """)
            daemons.append(try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:]))
        }
        defer {
            for daemon in daemons {
                daemon.signal(SIGTERM)
                _ = daemon.waitForExit()
            }
            for state in states { try? FileManager.default.removeItem(atPath: state) }
        }
        for daemon in daemons {
            #expect(daemon.waitForLog("delivered to am-a"))
            #expect(daemon.waitForLog("delivered to am-b"))
        }

        // Four deliveries of one alert: each member holds it once, in one group.
        for member in [first, second] {
            let labels = try member.activeAlertLabels()
            #expect(labels == [["alertname": "AirQuality", "city": "Paris", "band": "unhealthy", "severity": "warning"]])
            let groups = try #require(try member.get("/api/v2/alerts/groups") as? [[String: Any]])
            #expect(groups.count == 1)
            #expect((groups.first?["alerts"] as? [Any])?.count == 1)
        }

        // One member notifies; the other, a peer timeout later, finds that in the gossiped
        // notification log and does not (both have looked it up once the log shows queries).
        #expect(downstream.waitFor { $0.count >= 1 })
        #expect(eventually(every: 0.1) {
            try first.metric("alertmanager_nflog_queries_total") >= 1 && second.metric("alertmanager_nflog_queries_total") >= 1
        })
        let webhook = #"alertmanager_notifications_total{integration="webhook"}"#
        let sent = try first.metric(webhook) + second.metric(webhook)
        #expect(sent == 1)
        let notifications = try downstream.requests()
        #expect(notifications.count == 1)
        let body = try #require(notifications.first?["json"] as? [String: Any])
        #expect(body["status"] as? String == "firing")
        #expect((body["alerts"] as? [Any])?.count == 1)
        #expect((body["commonLabels"] as? [String: String])?["city"] == "Paris")
    }
}
