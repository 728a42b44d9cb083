import BreezeHTTP
import BreezeWebListener
import Foundation
import Testing

/// Endpoints other than a fresh address: a socket handed over (as systemd does), a host name,
/// a port already taken.
@Suite struct WebListenerEndpointTests {
    /// A listening TCP socket on 127.0.0.1 and its port, as systemd would pass it.
    static func listeningSocket() throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        try #require(bound)
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test func servesOnASocketItIsHandedOver() throws {
        let (descriptor, port) = try Self.listeningSocket()
        let listener = try WebListener(endpoints: [.socket(descriptor)]) { _, path in .text("adopted \(path)\n", status: 200) }
        defer { listener.stop() }
        let transport = CurlTransport(options: .init(connectTimeout: .seconds(2), totalTimeout: .seconds(5), userAgent: "breeze-test"))
        let response = try transport.send(.get("http://127.0.0.1:\(port)/x"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "adopted /x\n")
    }

    @Test func aHostNameIsRefused() {
        #expect(throws: WebListenerError.self) {
            try WebListener(endpoints: [.address(host: "localhost", port: 0)]) { _, _ in .text("", status: 200) }
        }
    }

    @Test func aPortInUseIsAClearErrorAndNothingListens() throws {
        let (descriptor, port) = try Self.listeningSocket()
        defer { close(descriptor) }
        do {
            // The first endpoint binds, the second cannot: the first must be closed again.
            _ = try WebListener(
                endpoints: [.address(host: "::1", port: 0), .address(host: "127.0.0.1", port: UInt16(port))]
            ) { _, _ in .text("", status: 200) }
            Issue.record("listened on a port in use")
        } catch {
            #expect(error.description == "cannot listen on 127.0.0.1:\(port): Address already in use")
        }
    }

    @Test func stopClosesTheSockets() throws {
        let listener = try WebListener(endpoints: [.address(host: "127.0.0.1", port: 0)]) { _, _ in .text("", status: 200) }
        guard case .address(_, let port) = listener.endpoints[0] else { return }
        listener.stop()
        listener.stop()
        let transport = CurlTransport(options: .init(connectTimeout: .seconds(2), totalTimeout: .seconds(5), userAgent: "breeze-test"))
        #expect(throws: (any Error).self) { try transport.send(.get("http://127.0.0.1:\(port)/")) }
    }
}
