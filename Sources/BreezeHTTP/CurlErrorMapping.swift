import CCurl

#if canImport(Glibc)
import Glibc
#endif

/// Turns a failed libcurl transfer (HTTP, or SMTP's `CurlMailTransport`) into an `HTTPError`.
enum CurlErrorMapping {
    /// `maximumBodySize` is the limit a body outgrew, when `bodyExceeded` (HTTP only).
    static func error(
        code: CURLcode, systemError: Int32, message: String, bodyExceeded: Bool = false,
        maximumBodySize: Int = 0
    ) -> HTTPError {
        let text = message.isEmpty ? String(cString: curl_easy_strerror(code)) : message
        if bodyExceeded || code == CURLE_FILESIZE_EXCEEDED {
            return .bodyTooLarge(limit: maximumBodySize)
        }
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout
        case CURLE_COULDNT_CONNECT:
            return systemError == ECONNREFUSED ? .connectionRefused : .connectionFailed(text)
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .connectionFailed(text)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE,
            CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .connectionReset(text)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED:
            return .tls(text)
        default:
            return .other(code: Int(code.rawValue), message: text)
        }
    }
}
