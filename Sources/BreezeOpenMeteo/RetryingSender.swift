import BreezeHTTP
import BreezeJSON
import BreezeVocabulary
import FoundationEssentials

/// Called before each retry with the error that caused it, the coming wait and the number of
/// the attempt that failed, so the daemon can log it.
public typealias RetryObserver = @Sendable (_ error: FetchError, _ delay: Duration, _ attempt: Int) -> Void

/// Sends one request, classifies the outcome and retries transient failures within a deadline.
struct RetryingSender: Sendable {
    var transport: any HTTPTransport
    var policy: RetryPolicy
    var environment: RetryEnvironment
    var endpoints: OpenMeteoEndpoints
    var observer: RetryObserver?

    /// Sends `request` until `decode` accepts a 2xx response, a permanent error occurs, the
    /// policy's attempts run out, or the next attempt would end after `deadline`.
    ///
    /// Each attempt's timeout is capped to the time left, and no wait runs past the deadline:
    /// when the next retry cannot start in time, the last error is thrown at once. `counted`
    /// hears every attempt's result.
    func send<Value>(
        _ request: HTTPRequest, deadline: Deadline, counted: RequestCounter = { _ in },
        decode: (HTTPResponse) throws(FetchError) -> Value
    ) throws(FetchError) -> Value {
        var attempt = 0
        var lastError: FetchError?
        while true {
            let remaining = deadline.remaining(at: environment.clock())
            guard remaining > .zero else {
                throw .deadlineExceeded(last: lastError?.description)
            }
            attempt += 1
            var bounded = request
            bounded.timeout = min(remaining, request.timeout ?? remaining)
            let error: FetchError
            switch attemptOnce(bounded, counted: counted, decode: decode) {
            case .success(let value): return value
            case .failure(let failure): error = failure
            }
            guard error.isTransient, attempt < policy.maximumAttempts else { throw error }
            let delay = policy.delay(
                afterAttempt: attempt, retryAfter: error.retryAfter, random: environment.random())
            guard delay < deadline.remaining(at: environment.clock()) else { throw error }
            observer?(error, delay, attempt)
            environment.sleep(delay)
            lastError = error
        }
    }

    private func attemptOnce<Value>(
        _ request: HTTPRequest, counted: RequestCounter, decode: (HTTPResponse) throws(FetchError) -> Value
    ) -> Result<Value, FetchError> {
        let response: HTTPResponse
        do {
            response = try transport.send(request)
        } catch {
            counted(RequestResult(error))
            return .failure(.transport(error))
        }
        let answered: HTTPResponse
        do {
            answered = try classify(response, to: request.url)
        } catch {
            counted(.httpError)
            return .failure(error)
        }
        do {
            let value = try decode(answered)
            counted(.ok)
            return .success(value)
        } catch {
            counted(.badBody)
            return .failure(error)
        }
    }

    /// The response itself for a 2xx status, otherwise the `FetchError` it stands for (a
    /// redirect is one: it is never followed).
    private func classify(_ response: HTTPResponse, to url: String) throws(FetchError) -> HTTPResponse {
        guard !(200..<300).contains(response.status) else { return response }
        if let redirect = HTTPRedirect(response, requestURL: url) {
            throw .redirected(
                status: redirect.status, location: endpoints.redacting(redirect.location),
                setting: endpoints.setting(for: url))
        }
        if response.status == 404 {
            // The URL asked, so a wrong base URL shows itself; its query carries only the
            // request's parameters (and the key), not what went wrong.
            let asked = url.firstIndex(of: "?").map { String(url[..<$0]) } ?? url
            throw .notFound(url: endpoints.redacting(asked), setting: endpoints.setting(for: url))
        }
        throw FetchError.from(
            status: response.status, reason: reason(in: response.body),
            retryAfter: response.retryAfter(now: environment.clock().wall))
    }

    /// Open-Meteo's `reason` from an error body, redacted; the start of a non-JSON body instead.
    private func reason(in body: [UInt8]) -> String? {
        let text: String?
        if let reason = JSONObjectMember.string("reason", in: body) {
            text = reason
        } else if !body.isEmpty {
            text = String(decoding: body.prefix(200), as: UTF8.self)
        } else {
            text = nil
        }
        return text.map(endpoints.redacting)
    }
}
