import CCurl

/// The bytes of one message as libcurl's read callback takes them, with every line ending made
/// CRLF (SMTP's; a bare LF is refused by some servers). libcurl itself doubles a leading dot
/// and ends the data with `CRLF.CRLF`.
///
/// libcurl calls back on the thread running `curl_easy_perform`, one call at a time, so the
/// offset needs no lock; the instance reaches the callback as an `Unmanaged` pointer.
final class MailUpload {
    let bytes: [UInt8]
    private var offset = 0

    init(message: [UInt8]) {
        bytes = Self.crlf(message)
    }

    /// `message` with each LF not already after a CR preceded by one.
    static func crlf(_ message: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(message.count + message.count / 40)
        var previous: UInt8 = 0
        for byte in message {
            if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") { result.append(UInt8(ascii: "\r")) }
            result.append(byte)
            previous = byte
        }
        return result
    }

    /// CURLOPT_READFUNCTION: copies the next piece into libcurl's buffer; 0 at the end.
    static let read: breeze_curl_data_callback = { buffer, size, count, context in
        let upload = Unmanaged<MailUpload>.fromOpaque(context!).takeUnretainedValue()
        let room = size * count
        let length = min(room, upload.bytes.count - upload.offset)
        guard let buffer, length > 0 else { return 0 }
        upload.bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + upload.offset, byteCount: length)
        }
        upload.offset += length
        return length
    }
}
