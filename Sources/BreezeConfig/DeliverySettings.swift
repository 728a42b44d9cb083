import BreezeModel

/// What every receiver has, webhook or email: when it is not notified, how long and how
/// patiently an undelivered notification is retried, and whether it is notified at all. Read
/// by one reader for `[Webhook "…"]` and `[Email "…"]` alike.
public struct DeliverySettings: Sendable, Equatable {
    /// `QuietHours=`: the daily window during which `firing`, `escalated` and `reminder` wait
    /// (the worst bands always go out).
    public var quietHours: QuietHours?
    /// `TimeZone=`: the IANA time zone of `QuietHours` and of times in notifications; nil for
    /// the city's, else the system's.
    public var timeZone: String?
    /// `MaxAge=`: how long an undelivered notification is retried before it is dropped.
    /// Default 24 hours.
    public var maxAge: Duration
    /// `RetryInitialDelay=`: the wait after a first failed delivery; each further failure
    /// doubles it, up to 10 minutes. Default 5 seconds.
    public var retryInitialDelay: Duration
    /// `Enabled=`: whether notifications go out at all. Default yes.
    public var enabled: Bool
    /// `Digest=HH:MM`: when, in the receiver's `TimeZone=` (else the system's), the daily digest
    /// goes out, in minutes since midnight; nil (the default) for none.
    public var digestAt: Int?
    /// `Audience=`: who reads the messages; `sensitive` receivers get the `SensitiveThreshold=`
    /// alerts and the advice for people at risk. Default `general`.
    public var audience: Audience = .general
    /// `Group=`: when this many messages or more are due at once, they go as one message listing
    /// them; nil never groups. Default 3 for people's formats (Slack, Discord, ntfy, email), nil
    /// for json and Alertmanager, which keep one event per city.
    public var groupAtLeast: Int?

    /// The documented defaults for what is not given.
    public init(
        quietHours: QuietHours? = nil, timeZone: String? = nil, maxAge: Duration = .seconds(24 * 3600),
        retryInitialDelay: Duration = .seconds(5), enabled: Bool = true
    ) {
        self.quietHours = quietHours
        self.timeZone = timeZone
        self.maxAge = maxAge
        self.retryInitialDelay = retryInitialDelay
        self.enabled = enabled
    }
}
