import BreezeVocabulary
import CCurl

/// The HTTP transport over libcurl's easy interface: one handle per request, so any number of
/// threads may send at once.
///
/// Always on: compressed transfer (`Accept-Encoding` with every encoding libcurl supports), TLS
/// peer and host verification, the proxy environment variables (`http_proxy`, `https_proxy`,
/// `no_proxy`, which libcurl reads itself), and only the `http` and `https` protocols.
///
/// Redirects are never followed: a 3xx comes back as the response it is, `Location` included.
/// Following one would send a POST's signed body and every header (tokens) to whatever host the
/// redirect names, or turn it into a body-less GET whose 200 looks like a delivery.
public struct CurlTransport: HTTPTransport {
    /// Limits and identity of every request this transport sends.
    public struct Options: Sendable, Equatable {
        /// The most time to establish a connection (TCP and TLS).
        public var connectTimeout: Duration
        /// The most time for a whole transfer.
        public var totalTimeout: Duration
        /// The largest (decompressed) body kept; a larger one aborts the transfer, unless the
        /// request only needs the body's start (`HTTPRequest.needsWholeBody` false).
        public var maximumBodySize: Int
        /// The `User-Agent` header, e.g. `breezed/0.1.0`.
        public var userAgent: String

        public init(
            connectTimeout: Duration = .seconds(10), totalTimeout: Duration = .seconds(30),
            maximumBodySize: Int = 32 << 20, userAgent: String
        ) {
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.maximumBodySize = maximumBodySize
            self.userAgent = userAgent
        }
    }

    public let options: Options

    public init(options: Options) {
        CurlGlobal.initialize()
        self.options = options
    }

    public func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        guard let handle = curl_easy_init() else {
            throw .other(code: -1, message: "curl_easy_init failed")
        }
        defer { curl_easy_cleanup(handle) }
        let collector = ResponseCollector(
            maximumBodySize: options.maximumBodySize, discardsExcess: !request.needsWholeBody)
        return try CurlEasy.withErrorBuffer { (errorBuffer) throws(HTTPError) in
            try send(request, handle: handle, collector: collector, errorBuffer: errorBuffer)
        }
    }

    /// One transfer of `request` on `handle`, its body into `collector`.
    private func send(
        _ request: HTTPRequest, handle: UnsafeMutableRawPointer, collector: ResponseCollector,
        errorBuffer: UnsafeMutablePointer<CChar>
    ) throws(HTTPError) -> HTTPResponse {
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }
        // An empty "Expect:" stops libcurl from waiting for "100 Continue" before large bodies.
        for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            headerList = curl_slist_append(headerList, line)
        }

        let code: CURLcode = withExtendedLifetime(collector) {
            let context = Unmanaged.passUnretained(collector).toOpaque()
            let configured = configure(
                handle, request, headerList: headerList, context: context,
                errorBuffer: errorBuffer)
            guard configured == CURLE_OK else { return configured }
            return curl_easy_perform(handle)
        }
        guard code == CURLE_OK else {
            var systemError = 0
            _ = breeze_curl_getinfo_long(handle, CURLINFO_OS_ERRNO, &systemError)
            throw CurlErrorMapping.error(
                code: code, systemError: Int32(systemError),
                message: String(cString: errorBuffer), bodyExceeded: collector.exceeded,
                maximumBodySize: options.maximumBodySize)
        }
        var status = 0
        _ = breeze_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return HTTPResponse(
            status: status, headers: collector.headers, body: collector.body,
            bodyTruncated: collector.exceeded)
    }

    private func configure(
        _ handle: UnsafeMutableRawPointer, _ request: HTTPRequest,
        headerList: UnsafeMutablePointer<curl_slist>?, context: UnsafeMutableRawPointer,
        errorBuffer: UnsafeMutablePointer<CChar>
    ) -> CURLcode {
        var total = options.totalTimeout
        if let cap = request.timeout, cap < total { total = cap }
        let settings: [() -> CURLcode] = [
            { breeze_curl_setopt_string(handle, CURLOPT_URL, request.url) },
            { breeze_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer) },
            { breeze_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1) },
            { breeze_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https") },
            { breeze_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0) },
            { breeze_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(options.connectTimeout)) },
            { breeze_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, milliseconds(total)) },
            {
                // A declared length over the limit fails at once, but only when the body matters.
                request.needsWholeBody
                    ? breeze_curl_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maximumBodySize))
                    : CURLE_OK
            },
            { breeze_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "") },
            { breeze_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1) },
            { breeze_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2) },
            { breeze_curl_setopt_string(handle, CURLOPT_USERAGENT, options.userAgent) },
            { breeze_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList) },
            { breeze_curl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, ResponseCollector.receiveBody) },
            { breeze_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context) },
            { breeze_curl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, ResponseCollector.receiveHeader) },
            { breeze_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context) },
        ]
        let configured = CurlEasy.apply(settings)
        guard configured == CURLE_OK, request.method != .get else { return configured }
        if request.method == .patch {
            // The body goes as for a POST; only the request line's method differs.
            let methodCode = breeze_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method.rawValue)
            guard methodCode == CURLE_OK else { return methodCode }
        }
        let body = request.body ?? []
        let sizeCode = breeze_curl_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
        guard sizeCode == CURLE_OK else { return sizeCode }
        // A null COPYPOSTFIELDS switches the option off, and libcurl would then read the body
        // through its read callback, from stdin by default: an empty body (whose array has no
        // address) is given as "", of the size 0 set above.
        guard !body.isEmpty else { return breeze_curl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "") }
        // COPYPOSTFIELDS copies the bytes, so the array need not outlive this call.
        return body.withUnsafeBytes { bytes in
            breeze_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress!))
        }
    }

}

/// `duration` in whole milliseconds for libcurl's `_MS` options, at least 1.
func milliseconds(_ duration: Duration) -> Int {
    // Rounded, so that a whole number of milliseconds survives the trip through `Double`;
    // bounded (a timeout is at most 100 years), since `Int(_:)` traps beyond its range.
    max(1, Int((min(duration.seconds, 1e12) * 1000).rounded()))
}

/// libcurl's one-time global set-up, done before the first handle exists.
enum CurlGlobal {
    // A global `let` is initialised exactly once, thread-safely, on first use.
    private static let result: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    static func initialize() { _ = result }
}
