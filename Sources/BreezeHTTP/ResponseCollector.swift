import CCurl

/// Gathers one transfer's headers and body from libcurl's callbacks.
///
/// libcurl calls back on the thread running `curl_easy_perform`, one call at a time, so the
/// mutable state needs no lock; the instance reaches the C callbacks as an `Unmanaged` pointer.
final class ResponseCollector {
    let maximumBodySize: Int
    /// Whether a body past the limit is read to its end and the rest dropped, rather than the
    /// transfer aborted.
    let discardsExcess: Bool
    private(set) var body: [UInt8] = []
    private(set) var headers: [String: String] = [:]
    /// Whether the body outgrew `maximumBodySize` (and the transfer was aborted for it, unless
    /// `discardsExcess`).
    private(set) var exceeded = false

    init(maximumBodySize: Int, discardsExcess: Bool) {
        self.maximumBodySize = maximumBodySize
        self.discardsExcess = discardsExcess
    }

    /// CURLOPT_WRITEFUNCTION: appends a piece of body; past the limit, drops it or aborts
    /// (returns 0).
    static let receiveBody: breeze_curl_data_callback = { data, size, count, context in
        let collector = Unmanaged<ResponseCollector>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard collector.body.count + length <= collector.maximumBodySize else {
            collector.exceeded = true
            guard collector.discardsExcess else { return 0 }
            let room = collector.maximumBodySize - collector.body.count
            if let data, room > 0 {
                data.withMemoryRebound(to: UInt8.self, capacity: room) { bytes in
                    collector.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: room))
                }
            }
            return length
        }
        if let data, length > 0 {
            data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                collector.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
            }
        }
        return length
    }

    /// CURLOPT_HEADERFUNCTION: records one header line; a status line starts a new response
    /// (after `100 Continue`), so only the final response's headers remain.
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
