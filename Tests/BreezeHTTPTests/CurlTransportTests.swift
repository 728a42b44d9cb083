import BreezeTestSupport
import BreezeHTTP
import Foundation
import BreezeVocabulary
import Testing

/// `CurlTransport` against a real HTTP server on loopback.
@Suite(.serialized)
final class CurlTransportTests {
    let server: PythonServer
    let transport: CurlTransport

    init() throws {
        server = try PythonServer(source: loopbackScript)
        transport = CurlTransport(
            options: .init(
                connectTimeout: .seconds(2), totalTimeout: .seconds(5),
                maximumBodySize: 64 * 1024, userAgent: "breezed/9.9.9"))
    }

    deinit { server.stop() }

    private func echo(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func sendsUserAgentAndAcceptsCompression() throws {
        let response = try transport.send(.get(server.baseURL + "/echo"))
        #expect(response.status == 200)
        #expect(response.header("content-type") == "application/json")
        let headers = try #require(try echo(response)["headers"] as? [String: String])
        #expect(headers["user-agent"] == "breezed/9.9.9")
        #expect(headers["accept-encoding"]?.contains("gzip") == true)
    }

    @Test func postsAFormBody() throws {
        let request = HTTPRequest.postForm(
            server.baseURL + "/echo",
            fields: [("latitude", "52.52,48.85"), ("name", "São Paulo & co")])
        let received = try echo(transport.send(request))
        #expect(received["method"] as? String == "POST")
        #expect(received["body"] as? String == "latitude=52.52%2C48.85&name=S%C3%A3o%20Paulo%20%26%20co")
        let headers = try #require(received["headers"] as? [String: String])
        #expect(headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(headers["expect"] == nil)
    }

    /// An empty body goes as an empty body: libcurl is never left to read one from stdin.
    @Test func postsAnEmptyBody() throws {
        let received = try echo(
            transport.send(.post(server.baseURL + "/echo", body: [], contentType: "application/json")))
        #expect(received["method"] as? String == "POST")
        #expect(received["body"] as? String == "")
        let headers = try #require(received["headers"] as? [String: String])
        #expect(headers["content-length"] == "0")
    }

    @Test func queryIsEncoded() throws {
        let received = try echo(transport.send(.get(server.baseURL + "/echo", query: [("name", "Paris, France")])))
        #expect(received["path"] as? String == "/echo?name=Paris%2C%20France")
    }

    @Test func decompressesGzip() throws {
        let response = try transport.send(.get(server.baseURL + "/gzip"))
        #expect(response.header("Content-Encoding") == "gzip")
        #expect(response.body == Array(String(repeating: "breeze ", count: 1000).utf8))
    }

    @Test func capturesRetryAfterAndErrorStatus() throws {
        let response = try transport.send(.get(server.baseURL + "/retry-after"))
        #expect(response.status == 429)
        #expect(response.retryAfter(now: Instant(unixSeconds: 0)) == .seconds(7))
    }

    @Test func timesOut() throws {
        let start = ContinuousClock.now
        #expect(throws: HTTPError.timeout) {
            try transport.send(HTTPRequest(url: server.baseURL + "/slow?seconds=3", timeout: .milliseconds(300)))
        }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test(arguments: ["1", "0"])
    func abortsABodyOverTheLimit(declaredLength: String) throws {
        #expect(throws: HTTPError.bodyTooLarge(limit: 64 * 1024)) {
            try transport.send(.get(server.baseURL + "/big?bytes=200000&length=" + declaredLength))
        }
        let small = try transport.send(.get(server.baseURL + "/big?bytes=60000&length=" + declaredLength))
        #expect(small.body.count == 60000)
    }

    /// Until 0.1 redirects were followed (up to a bound), which sent a webhook's signed body and
    /// headers to the host a 307 named, or turned its POST into a body-less GET on a 301; this
    /// test pinned that. Now a redirect is the response: nothing is sent to its `Location`.
    @Test(arguments: [301, 302, 303, 307, 308])
    func returnsARedirectWithoutFollowingIt(status: Int) throws {
        let elsewhere = "http://localhost:\(server.port)/echo"
        let request = HTTPRequest.post(
            server.baseURL + "/redirect?status=\(status)&to=" + elsewhere, body: Array("signed".utf8),
            contentType: "application/json", headers: [(name: "Authorization", value: "Bearer token")])
        let response = try transport.send(request)
        #expect(response.status == status)
        #expect(response.header("location") == elsewhere)
        #expect(HTTPRedirect(response, requestURL: request.url)?.location == elsewhere)
        let echoed = try transport.send(.get(server.baseURL + "/count"))
        #expect(String(decoding: echoed.body, as: UTF8.self) == "0")
    }

    /// A request that needs only the body's start (a webhook's) reads a longer body to its end
    /// and keeps the start: the 200 is still a 200.
    @Test(arguments: ["1", "0"])
    func keepsTheStartOfABodyOverTheLimitWhenThatIsAllItNeeds(declaredLength: String) throws {
        var request = HTTPRequest.get(server.baseURL + "/big?bytes=200000&length=" + declaredLength)
        request.needsWholeBody = false
        let response = try transport.send(request)
        #expect(response.status == 200)
        #expect(response.body.count == 64 * 1024)
        #expect(response.bodyTruncated)
    }

    @Test func readsARetryAfterDate() throws {
        let response = try transport.send(.get(server.baseURL + "/retry-at?date=Wed,%2021%20Oct%202026%2007:28:00%20GMT"))
        #expect(response.status == 503)
        #expect(response.retryAfter(now: Instant(unixSeconds: 1_792_567_680 - 90)) == .seconds(90))
    }

    @Test func reportsAResetConnection() throws {
        #expect {
            try transport.send(.get(server.baseURL + "/reset"))
        } throws: { error in
            guard case .connectionReset = error as? HTTPError else { return false }
            return true
        }
    }

    @Test func reportsARefusedConnection() throws {
        let port = server.port
        server.stop()
        #expect(throws: HTTPError.connectionRefused) {
            try transport.send(.get("http://127.0.0.1:\(port)/echo"))
        }
    }

    @Test func refusesOtherProtocols() throws {
        #expect(throws: HTTPError.self) {
            try transport.send(.get("file:///etc/passwd"))
        }
    }
}
