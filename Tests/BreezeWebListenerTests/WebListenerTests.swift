import BreezeHTTP
import BreezeTestSupport
import BreezeVocabulary
import BreezeWebListener
import Foundation
import Synchronization
import Testing

/// A real listener on 127.0.0.1 and ::1, asked by real clients (libcurl, and raw sockets
/// from Tests/Fixtures/web_probe.py).
@Suite(.serialized)
final class WebListenerTests {
    let listener: WebListener
    /// Every "METHOD path" the handler was called with.
    let seen = Recorder()

    init() throws {
        let seen = self.seen
        listener = try WebListener(
            endpoints: [.address(host: "127.0.0.1", port: 0), .address(host: "::1", port: 0)],
            limits: WebListenerLimits(requestTimeout: .seconds(3))
        ) { method, path in
            seen.requests.withLock { $0.append("\(method) \(path)") }
            switch path {
            case "/": return .text("hello from the listener\n", status: 200)
            case "/big": return WebResponse(status: 200, contentType: "application/octet-stream", body: [UInt8](repeating: 0x61, count: 200_000))
            default: return .text("not found\n", status: 404)
            }
        }
    }

    deinit { listener.stop() }

    var port4: Int {
        guard case .address(_, let port) = listener.endpoints[0] else { return 0 }
        return Int(port)
    }
    var port6: Int {
        guard case .address(_, let port) = listener.endpoints[1] else { return 0 }
        return Int(port)
    }

    @Test func getAnswersOnIPv4AndIPv6WithTheFixedHeaders() throws {
        let transport = CurlTransport(options: .init(connectTimeout: .seconds(2), totalTimeout: .seconds(5), userAgent: "breeze-test"))
        for url in ["http://127.0.0.1:\(port4)/", "http://[::1]:\(port6)/"] {
            let response = try transport.send(.get(url))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "hello from the listener\n")
            #expect(response.header("content-type") == "text/plain; charset=utf-8")
            #expect(response.header("cache-control") == "no-store")
            #expect(response.header("x-content-type-options") == "nosniff")
            #expect(response.header("content-security-policy")?.hasPrefix("default-src 'none'; style-src 'unsafe-inline'; img-src data:") == true)
            #expect(response.header("refresh") == nil)
        }
    }

    @Test func headSendsTheHeadersWithoutTheBody() throws {
        let answer = try WebProbe.request(port: port4, method: "HEAD", target: "/big")
        #expect(answer.status == 200)
        #expect(answer.headers["content-length"] == "200000")
        #expect(answer.bodyLength == 0)
        #expect(seen.requests.withLock { $0.last } == "HEAD /big")
    }

    @Test func aBigBodyArrivesWhole() throws {
        let answer = try WebProbe.request(host: "::1", port: port6, target: "/big")
        #expect(answer.status == 200)
        #expect(answer.bodyLength == 200_000)
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT", "BREW"])
    func otherMethodsGet405WithAllow(method: String) throws {
        let before = seen.requests.withLock { $0.count }
        let answer = try WebProbe.request(port: port4, method: method, target: "/")
        #expect(answer.status == 405)
        #expect(answer.headers["allow"] == "GET, HEAD")
        #expect(seen.requests.withLock { $0.count } == before, "the handler never sees another method")
    }

    @Test(arguments: [
        "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/city/..%2f..%2fetc%2fpasswd", "/./.././",
        "/%00", "/metrics%00.html", "//etc/passwd", "/city/%E6%9D%B1%E4%BA%AC",
    ])
    func trickyPathsReachTheRouteTableAsSent(path: String) throws {
        let answer = try WebProbe.request(port: port4, target: path)
        #expect(answer.status == 404)
        #expect(!answer.body.contains("root:"))
        #expect(seen.requests.withLock { $0.last } == "GET \(path)", "the handler gets the path exactly as sent, undecoded")
    }

    @Test func theQueryIsNotPartOfThePath() throws {
        let answer = try WebProbe.request(port: port4, target: "/?refresh=1&x=%2e%2e")
        #expect(answer.status == 200)
        #expect(seen.requests.withLock { $0.last } == "GET /")
    }

    @Test func oversizedHeadersGetAnErrorStatusAndTheListenerGoesOn() throws {
        let answer = try WebProbe.request(port: port4, target: "/", headerBytes: 64 * 1024)
        let status = try #require(answer.status, "an oversized head is answered, not dropped silently")
        #expect([413, 414, 431].contains(status), "status \(status)")
        #expect(try WebProbe.request(port: port4, target: "/").status == 200)
    }

    @Test func aClientTricklingAByteASecondIsCutOff() throws {
        let before = listener.connectionsCutOff
        let result = try WebProbe.run(["slow", "127.0.0.1", String(port4), "--interval", "1", "--limit", "60"])
        #expect(result["closed"] as? Bool == true, "the listener closed the connection")
        // The request timeout is 3 s: well before the probe's 60 bytes (and the 10 s idle
        // timeout, which a byte a second never reaches).
        let sent = try #require(result["bytes_sent"] as? Int)
        #expect(sent < 10, "closed after \(sent) bytes")
        #expect(listener.connectionsCutOff == before + 1)
    }

    /// Kept-alive clients (browsers, Prometheus) are not cut off: each answer renews the
    /// request deadline. Four requests 2 s apart outlast the 3 s request timeout twice over.
    @Test func aKeptAliveConnectionIsServedRequestAfterRequest() throws {
        let before = listener.connectionsCutOff
        let result = try WebProbe.run(["keepalive", "127.0.0.1", String(port4), "--requests", "4", "--interval", "2"])
        #expect(result["statuses"] as? [Int?] == [200, 200, 200, 200], "\(result)")
        #expect(listener.connectionsCutOff == before)
    }

    @Test func aThousandConnectionsAtOnceAreBounded() throws {
        let residentBefore = residentKilobytes()
        let tally = try WebProbe.run(["flood", "127.0.0.1", String(port4), "--connections", "1000", "--path", "/big"])
        let residentAfter = residentKilobytes()
        let answered = tally["answered"] as? [String: Int] ?? [:]
        let closed = tally["closed"] as? Int ?? 0
        let refused = tally["refused"] as? Int ?? 0
        let timedOut = tally["timed_out"] as? Int ?? -1
        print("flood of 1000: answered \(answered), closed \(closed), refused \(refused), timed out \(timedOut); "
            + "RSS \(residentBefore) KiB → \(residentAfter) KiB")
        #expect(timedOut == 0, "every connection ended")
        #expect(answered.values.reduce(0, +) + closed + refused == 1000)
        #expect((answered["200"] ?? 0) >= 64, "at least the per-address limit was served")
        #expect(answered.keys.allSatisfy { $0 == "200" || $0 == "503" })
        // 256 connections of 16 KiB each bound the request side to 4 MiB; the answers are copies.
        #expect(residentAfter - residentBefore < 16 * 1024, "RSS grew by \(residentAfter - residentBefore) KiB")
        #expect(try WebProbe.request(port: port4, target: "/").status == 200, "still answering")
    }
}

/// What a handler was asked, across libmicrohttpd's threads.
final class Recorder: Sendable {
    let requests = Mutex<[String]>([])
}
