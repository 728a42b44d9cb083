import Testing

@testable import BreezeConfig

/// `[Web]` `Listen=`: the default, several addresses, IPv6, off, and every bad value named
/// with its file, line and key.
struct WebSettingsTests {
    static let city = "[City \"Paris\"]\nLatitude=48.8566\nLongitude=2.3522\n"

    @Test func theDefaultIsLoopbackOn8247() throws {
        let configuration = try #require(Load.text(Self.city).configuration)
        #expect(configuration.web.listen == [ListenAddress(host: "127.0.0.1", port: 8247)])
        #expect(configuration.web.listenDescription == "127.0.0.1:8247")
        #expect(!(9100...9999).contains(Int(WebSettings.defaultPort)), "outside Prometheus's exporter range")
    }

    @Test func severalAddressesIPv6AndTheLastLineWins() throws {
        let text = Self.city + "[Web]\nListen=0.0.0.0:80\nListen=127.0.0.1:8080 [::1]:8080, [::]:9000\n"
        let configuration = try #require(Load.text(text).configuration)
        #expect(
            configuration.web.listen == [
                ListenAddress(host: "127.0.0.1", port: 8080), ListenAddress(host: "::1", port: 8080),
                ListenAddress(host: "::", port: 9000),
            ])
        #expect(configuration.web.listenDescription == "127.0.0.1:8080 [::1]:8080 [::]:9000")
    }

    @Test func anEmptyListenTurnsTheListenerOff() throws {
        let configuration = try #require(Load.text(Self.city + "[Web]\nListen=\n").configuration)
        #expect(configuration.web.listen.isEmpty)
        #expect(ConfigurationCheck.webSummary(configuration.web).hasPrefix("web: off"))
    }

    @Test func badValuesNameTheFileLineAndKey() {
        let outcome = Load.text(
            Self.city
                + "[Web]\nListen=127.0.0.1:0\nListen=127.0.0.1:65536\nListen=localhost:8247\nListen=garbage\n"
                + "Listen=::1:8247\nListen=[::1]8247\nListen=[fe80::1%eth0]:8247\nListen=127.0.0.1:8247 127.0.0.1:8247\n"
                + "Listen=127.0.0.1:+80\nListen=[127.0.0.1]:80\nListen=1.2.3:80\n")
        #expect(outcome.configuration == nil)
        #expect(
            outcome.errors == [
                "breezed.conf:5: Listen=127.0.0.1:0: the port must be a whole number from 1 to 65535",
                "breezed.conf:6: Listen=127.0.0.1:65536: the port must be a whole number from 1 to 65535",
                "breezed.conf:7: Listen=localhost:8247: 'localhost' is not a numeric address; use one (127.0.0.1, 0.0.0.0, [::1], [::]), not a host name",
                "breezed.conf:8: Listen=garbage: use ADDRESS:PORT, like 127.0.0.1:8247 or [::1]:8247",
                "breezed.conf:9: Listen=::1:8247: put an IPv6 address in brackets, like [::1]:8247",
                "breezed.conf:10: Listen=[::1]8247: use [IPV6]:PORT, like [::1]:8247",
                "breezed.conf:11: Listen=[fe80::1%eth0]:8247: 'fe80::1%eth0' is not an IPv6 address",
                "breezed.conf:12: Listen=127.0.0.1:8247: listed twice",
                "breezed.conf:13: Listen=127.0.0.1:+80: the port must be a whole number from 1 to 65535",
                "breezed.conf:14: Listen=[127.0.0.1]:80: '127.0.0.1' is not an IPv6 address",
                "breezed.conf:15: Listen=1.2.3:80: '1.2.3' is not a numeric address; use one (127.0.0.1, 0.0.0.0, [::1], [::]), not a host name",
            ])
    }

    @Test func anUnknownKeyInWebIsAnError() {
        let outcome = Load.text(Self.city + "[Web]\nListn=127.0.0.1:8247\n")
        #expect(outcome.errors.first?.hasPrefix("breezed.conf:5:") == true)
        #expect(outcome.errors.first?.contains("Listen") == true, "suggests the key: \(outcome.errors)")
    }
}
