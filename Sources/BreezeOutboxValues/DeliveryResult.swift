/// How a delivery ended, for `breeze_deliveries_total{receiver,result}`: an attempt the
/// receiver took, an attempt that only left the message in a Maildir (`[Email]` without
/// `SMTP=` or `Sendmail=`: done, but sent nowhere), an attempt that failed and will be
/// retried, or an entry given up (moved to `dead/`: refused for good, expired, its receiver
/// gone).
public enum DeliveryResult: String, CaseIterable, Sendable {
    case delivered
    case spooled
    case failed
    case dead
}
