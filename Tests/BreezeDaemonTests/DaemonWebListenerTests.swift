import BreezeConfig
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeDaemon

/// The daemon's listener across reloads, on real loopback ports: a changed `Listen=` moves
/// it, an empty one turns it off, an address that cannot be bound keeps the old one, and
/// systemd's sockets are kept whatever `Listen=` says.
@Suite(.serialized)
struct DaemonWebListenerTests {
    /// A listening socket on 127.0.0.1 and its port.
    static func listeningSocket() throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        try #require(descriptor >= 0 && bound)
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// A port nothing listens on now.
    static func freePort() throws -> UInt16 {
        let (descriptor, port) = try listeningSocket()
        close(descriptor)
        return port
    }

    /// Whether a connection to 127.0.0.1:`port` is accepted.
    static func accepts(_ port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        address.sin_port = port.bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    static func settings(_ ports: UInt16...) -> WebSettings {
        WebSettings(listen: ports.map { ListenAddress(host: "127.0.0.1", port: $0) })
    }

    @Test func reloadsMoveTurnOffAndKeepTheOldAddressWhenTheNewOneIsTaken() throws {
        let logger = ProbeLogger()
        let web = DaemonWebListener(logger: logger, sockets: [], clock: ClockReading.system)
        let (first, second) = (try Self.freePort(), try Self.freePort())
        web.start(Self.settings(first))
        #expect(logger.index(of: "web: listening on 127.0.0.1:\(first)") != nil)
        #expect(Self.accepts(first))

        let count = logger.messages.count
        web.reload(Self.settings(first))
        #expect(logger.messages.count == count, "an unchanged Listen= keeps the listener as it is")

        web.reload(WebSettings(listen: []))
        #expect(logger.index(of: "web: not listening (Listen= is empty)") != nil)
        #expect(!Self.accepts(first))
        #expect(logger.index(of: "previous addresses") == nil, "turned off means off")

        web.reload(Self.settings(second))
        #expect(Self.accepts(second))

        let (taken, takenPort) = try Self.listeningSocket()
        defer { close(taken) }
        web.reload(Self.settings(takenPort))
        #expect(logger.index(of: "web: not listening: cannot listen on 127.0.0.1:\(takenPort): Address already in use") != nil)
        #expect(logger.index(of: "web: listening on the previous addresses again") != nil)
        #expect(Self.accepts(second), "the old address serves again")

        web.stop()
        #expect(!Self.accepts(second))
    }

    @Test func systemdsSocketsAreKeptWhateverListenSays() throws {
        let logger = ProbeLogger()
        let (descriptor, port) = try Self.listeningSocket()
        let web = DaemonWebListener(logger: logger, sockets: [descriptor], clock: ClockReading.system)
        let other = try Self.freePort()
        web.start(Self.settings(other))
        #expect(logger.index(of: "web: listening on 1 socket systemd passed") != nil)
        #expect(!Self.accepts(other), "Listen= is not bound beside systemd's socket")
        web.reload(Self.settings(try Self.freePort()))
        #expect(logger.index(of: "Listen= is used only without breezed.socket") != nil)
        #expect(Self.accepts(port))
        web.stop()
    }
}
