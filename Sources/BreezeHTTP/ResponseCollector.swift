import CCurl

/// Gathers one transfer's headers and body from libcurl's callbacks.
///
/// libcurl calls back on the thread running `curl_easy_perform`, one call at a time, so the
/// mutable state needs no lock; the instance reaches the C callbacks as an `Unmanaged` pointer.
final class ResponseCollector {
    let maximumBodySize: Int
    private(set) var body: [UInt8] = []
    private(set) var headers: [String: String] = [:]
    /// Whether the body outgrew `maximumBodySize` and the transfer was aborted for it.
    private(set) var exceeded = false

    init(maximumBodySize: Int) {
        self.maximumBodySize = maximumBodySize
    }

    /// CURLOPT_WRITEFUNCTION: appends a piece of body, or aborts (returns 0) past the limit.
    static let receiveBody: breeze_curl_data_callback = { data, size, count, context in
        let collector = Unmanaged<ResponseCollector>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard collector.body.count + length <= collector.maximumBodySize else {
            collector.exceeded = true
            return 0
        }
        if let data, length > 0 {
            data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                collector.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
            }
        }
        return length
    }

    /// CURLOPT_HEADERFUNCTION: records one header line; a status line starts a new response
    /// (after a redirect or `100 Continue`), so only the final response's headers remain.
    static let receiveHeader: breeze_curl_data_callback = { data, size, count, context in
        let collector = Unmanaged<ResponseCollector>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard let data, length > 0 else { return length }
        let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
        collector.record(headerLine: line)
        return length
    }

    private func record(headerLine line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = String(line[..<colon]).lowercased()
        headers[name] = String(line[line.index(after: colon)...]).trimmingSpaces
    }
}
