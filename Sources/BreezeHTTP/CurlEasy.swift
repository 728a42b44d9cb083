import CCurl

/// What every libcurl transfer here (HTTP and SMTP) sets up the same way around its handle.
enum CurlEasy {
    /// Sets `settings` in order on a handle, stopping at the first libcurl refuses: that
    /// one's code, or `CURLE_OK` when all are set.
    static func apply(_ settings: [() -> CURLcode]) -> CURLcode {
        for setting in settings {
            let code = setting()
            guard code == CURLE_OK else { return code }
        }
        return CURLE_OK
    }

    /// Runs `body` with a zeroed buffer for `CURLOPT_ERRORBUFFER`, freed when `body` returns:
    /// the transfer and the reading of its message must both happen inside.
    static func withErrorBuffer<Result, Failure: Error>(
        _ body: (UnsafeMutablePointer<CChar>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        return try body(errorBuffer)
    }
}
