import BreezeVocabulary
import CCurl

/// SMTP submission over libcurl's easy interface, one handle per message, so any number of
/// threads may submit at once. libcurl speaks the protocol; this sets it up and reads the result.
///
/// Always on: TLS required (`CURLUSESSL_ALL`: a server that offers no STARTTLS, or refuses it,
/// fails the submission before `AUTH` or `MAIL FROM`, never falling back to plain text) unless
/// the submission says otherwise (loopback only, which the configuration checks); certificate
/// and host-name verification; only the `smtp` and `smtps` protocols; no proxy; every
/// recipient tried even when another is refused (`CURLOPT_MAIL_RCPT_ALLOWFAILS`).
public struct CurlMailTransport: MailTransport {
    public init() {
        CurlGlobal.initialize()
    }

    public func submit(_ submission: MailSubmission) -> MailSubmissionResult {
        guard let handle = curl_easy_init() else { return .failed("curl_easy_init failed") }
        defer { curl_easy_cleanup(handle) }
        return CurlEasy.withErrorBuffer { errorBuffer in submit(submission, handle: handle, errorBuffer: errorBuffer) }
    }

    /// One submission on `handle`.
    private func submit(
        _ submission: MailSubmission, handle: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>
    ) -> MailSubmissionResult {
        let upload = MailUpload(message: submission.message)
        let transcript = SMTPTranscript()
        var recipients: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(recipients) }
        for address in submission.recipients {
            guard let appended = curl_slist_append(recipients, address) else { return .failed("out of memory") }
            recipients = appended
        }

        let code: CURLcode = withExtendedLifetime((upload, transcript)) {
            let configured = configure(
                handle, submission, recipients: recipients, errorBuffer: errorBuffer,
                upload: Unmanaged.passUnretained(upload).toOpaque(),
                transcript: Unmanaged.passUnretained(transcript).toOpaque())
            guard configured == CURLE_OK else { return configured }
            return curl_easy_perform(handle)
        }
        if code == CURLE_OK { return .accepted(refused: transcript.refused) }
        let message = String(cString: errorBuffer)
        var status = 0
        _ = breeze_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        if status >= 400 {
            // libcurl keeps the code of the reply it failed on; the transcript has its text.
            let reply = transcript.lastRefusal.flatMap { $0.code == status ? $0 : nil } ?? SMTPReply(code: status, text: "")
            return .rejected(reply, refused: transcript.refused)
        }
        var systemError = 0
        _ = breeze_curl_getinfo_long(handle, CURLINFO_OS_ERRNO, &systemError)
        let error = CurlErrorMapping.error(code: code, systemError: Int32(systemError), message: message)
        return .failed(error.description)
    }

    private func configure(
        _ handle: UnsafeMutableRawPointer, _ submission: MailSubmission,
        recipients: UnsafeMutablePointer<curl_slist>?, errorBuffer: UnsafeMutablePointer<CChar>,
        upload: UnsafeMutableRawPointer, transcript: UnsafeMutableRawPointer
    ) -> CURLcode {
        let total = submission.totalTimeout
        let connect = min(submission.connectTimeout, total)
        var settings: [() -> CURLcode] = [
            { breeze_curl_setopt_string(handle, CURLOPT_URL, Self.url(submission)) },
            { breeze_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer) },
            { breeze_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1) },
            { breeze_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "smtp,smtps") },
            { breeze_curl_setopt_string(handle, CURLOPT_NOPROXY, "*") },
            { breeze_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(connect)) },
            { breeze_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, milliseconds(total)) },
            {
                breeze_curl_setopt_long(
                    handle, CURLOPT_USE_SSL,
                    Int(submission.requiresTLS ? CURLUSESSL_ALL.rawValue : CURLUSESSL_NONE.rawValue))
            },
            { breeze_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1) },
            { breeze_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2) },
            { breeze_curl_setopt_string(handle, CURLOPT_MAIL_FROM, submission.sender) },
            { breeze_curl_setopt_pointer(handle, CURLOPT_MAIL_RCPT, recipients) },
            { breeze_curl_setopt_mail_rcpt_allowfails(handle, 1) },
            { breeze_curl_setopt_long(handle, CURLOPT_UPLOAD, 1) },
            { breeze_curl_setopt_data_callback(handle, CURLOPT_READFUNCTION, MailUpload.read) },
            { breeze_curl_setopt_pointer(handle, CURLOPT_READDATA, upload) },
            { breeze_curl_setopt_off(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(submission.message.count)) },
            // The debug callback is how the server's reply texts are read; libcurl calls it
            // only in verbose mode, and then writes nothing to stderr itself.
            { breeze_curl_setopt_long(handle, CURLOPT_VERBOSE, 1) },
            { breeze_curl_setopt_debug_callback(handle, SMTPTranscript.observe) },
            { breeze_curl_setopt_pointer(handle, CURLOPT_DEBUGDATA, transcript) },
        ]
        if let caFile = submission.caFile {
            settings.append { breeze_curl_setopt_string(handle, CURLOPT_CAINFO, caFile) }
        }
        if let user = submission.user {
            settings.append { breeze_curl_setopt_string(handle, CURLOPT_USERNAME, user) }
            settings.append { breeze_curl_setopt_string(handle, CURLOPT_PASSWORD, submission.password ?? "") }
        }
        return CurlEasy.apply(settings)
    }

    /// The submission's URL, with the `EHLO` name as its path when it is a plain host name
    /// (libcurl's way to set it; anything else would need escaping, and libcurl's default does).
    static func url(_ submission: MailSubmission) -> String {
        guard let name = submission.helloName, !name.isEmpty, name.utf8.count <= 253,
            name.utf8.allSatisfy({ byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            })
        else { return submission.url }
        return submission.url + "/" + name
    }
}
