import BreezeAlerts
import BreezeTestSupport
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeModel
import Foundation
import Testing
import BreezeVocabulary

/// A real Prometheus Alertmanager on loopback receives Breeze's alerts: amtool lists them
/// while firing and no longer once resolved. Skipped when the Debian package is absent.
@Suite(.serialized, .enabled(if: AlertmanagerProcess.isInstalled, "prometheus-alertmanager is not installed"))
struct AlertmanagerTests {
    private func receiver(_ alertmanager: AlertmanagerProcess) -> WebhookReceiver {
        WebhookReceiver(
            configuration: WebhookConfiguration(name: "am", url: alertmanager.baseURL, format: .alertmanager, timeout: .seconds(5)),
            transport: CurlTransport(options: .init(userAgent: "breeze-tests")), firingLifetime: .seconds(3600))
    }

    private func event(_ kind: AlertEventKind, band: Band, previous: Band?, at time: Instant) -> AlertEvent {
        var event = SampleEvents.event(kind, band: band, previousBand: previous, id: "paris-\(Int(time.unixSeconds))-\(kind.rawValue)")
        event.createdAt = time
        return event
    }

    @Test func firingIsListedAndResolveClearsIt() throws {
        let alertmanager = try AlertmanagerProcess()
        defer { alertmanager.stop() }
        let receiver = receiver(alertmanager)
        let start = ClockReading.system().wall - .seconds(60)
        #expect(receiver.deliver(event(.firing, band: .unhealthy, previous: .moderate, at: start), at: start + .seconds(1)) == .delivered)
        let firing = try alertmanager.activeAlertLabels()
        #expect(firing == [["alertname": "AirQuality", "city": "Paris", "band": "unhealthy", "severity": "warning"]])

        let now = ClockReading.system().wall
        #expect(receiver.deliver(event(.resolved, band: .good, previous: .unhealthy, at: now), at: now) == .delivered)
        #expect(try alertmanager.activeAlertLabels().isEmpty)
    }

    @Test func escalationLeavesOnlyTheNewBandActive() throws {
        let alertmanager = try AlertmanagerProcess()
        defer { alertmanager.stop() }
        let receiver = receiver(alertmanager)
        let start = ClockReading.system().wall - .seconds(120)
        #expect(receiver.deliver(event(.firing, band: .unhealthyForSensitiveGroups, previous: .moderate, at: start), at: start) == .delivered)
        let now = ClockReading.system().wall
        #expect(receiver.deliver(event(.escalated, band: .veryUnhealthy, previous: .unhealthyForSensitiveGroups, at: now), at: now) == .delivered)
        let active = try alertmanager.activeAlertLabels()
        #expect(active.map { $0["band"] } == ["very-unhealthy"])
        #expect(active.first?["severity"] == "critical")
        // A re-send while firing (the daemon refreshes each cycle) keeps one alert, not two.
        #expect(receiver.deliver(event(.escalated, band: .veryUnhealthy, previous: .unhealthyForSensitiveGroups, at: now), at: ClockReading.system().wall) == .delivered)
        #expect(try alertmanager.activeAlertLabels().count == 1)
    }
}
