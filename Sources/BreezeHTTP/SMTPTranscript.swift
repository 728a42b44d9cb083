import CCurl

/// What an SMTP server said during one libcurl submission, read from libcurl's debug callback:
/// its last refusal (a reply of 400 or more), and each recipient it refused with its reply.
///
/// libcurl speaks SMTP; this only listens. Of what libcurl sends it keeps one thing, the
/// address of a `RCPT TO` (to pair it with its reply): never a command's arguments otherwise,
/// so the `AUTH` line and its base64 continuations (the credentials) are not kept at all.
/// Replies are bounded (lines and length), so a server that talks forever cannot fill memory.
///
/// libcurl calls back on the thread running `curl_easy_perform`, one call at a time, so the
/// state needs no lock; the instance reaches the callback as an `Unmanaged` pointer.
final class SMTPTranscript {
    /// The last reply of 400 or more: what a failed submission failed on (libcurl may say
    /// `QUIT` after it and read `221`).
    private(set) var lastRefusal: SMTPReply?
    /// The recipients refused so far, in order.
    private(set) var refused: [RefusedRecipient] = []
    /// The address of the `RCPT TO` awaiting its reply.
    private var pendingRecipient: String?
    /// The lines so far of a multi-line reply (`250-…`).
    private var replyLines: [String] = []
    /// A reply's kept lines and each line's kept characters.
    private static let mostLines = 8
    private static let longestLine = 512

    /// CURLOPT_DEBUGFUNCTION: hands lines libcurl sent or received to the transcript.
    static let observe: breeze_curl_debug_callback = { _, type, data, size, context in
        guard let context, let data, size > 0, type == CURLINFO_HEADER_IN || type == CURLINFO_HEADER_OUT else {
            return 0
        }
        let transcript = Unmanaged<SMTPTranscript>.fromOpaque(context).takeUnretainedValue()
        let text = data.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: min(size, 4096)), as: UTF8.self)
        }
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if type == CURLINFO_HEADER_IN { transcript.received(String(line)) } else { transcript.sent(String(line)) }
        }
        return 0
    }

    /// A command libcurl sent: only a `RCPT TO`'s address is kept.
    func sent(_ line: String) {
        let command = line.prefix(8).uppercased()
        guard command == "RCPT TO:" else {
            pendingRecipient = nil
            return
        }
        let rest = line.dropFirst(8)
        let address = rest.drop(while: { $0 == " " || $0 == "<" }).prefix(while: { $0 != ">" && $0 != " " })
        pendingRecipient = String(address.prefix(Self.longestLine))
    }

    /// A line the server sent: `NNN-text` continues a reply, `NNN text` (or `NNN`) ends it.
    func received(_ line: String) {
        let bytes = Array(line.utf8)
        guard bytes.count >= 3, bytes[0...2].allSatisfy({ (0x30...0x39).contains($0) }),
            let code = Int(String(decoding: bytes[0...2], as: UTF8.self))
        else { return }
        let continues = bytes.count > 3 && bytes[3] == UInt8(ascii: "-")
        if replyLines.count < Self.mostLines {
            replyLines.append(String(String(decoding: bytes.dropFirst(4), as: UTF8.self).prefix(Self.longestLine)))
        }
        guard !continues else { return }
        let reply = SMTPReply(code: code, text: replyLines.joined(separator: " "))
        replyLines = []
        if code >= 400 { lastRefusal = reply }
        if let recipient = pendingRecipient {
            pendingRecipient = nil
            if !(200..<300).contains(code) { refused.append(RefusedRecipient(address: recipient, reply: reply)) }
        }
    }
}
