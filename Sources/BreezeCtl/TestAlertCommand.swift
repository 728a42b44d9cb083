import BreezeAlerts
import BreezeCommandLine
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeModel
import FoundationEssentials
import BreezeState
import BreezeVocabulary

/// `breezectl test-alert`: sends a `test` event to receivers now and reports each result.
enum TestAlertCommand: BreezectlCommand {
    static let name = "test-alert"
    static let summary = "Send a test alert to the receivers now and show each result"
    static let help = """
        Usage: breezectl test-alert [RECEIVER…] [--config PATH]

        Send a `test` alert to the named receivers (every enabled one by default; a named
        receiver is tried even when Enabled=no) right now, bypassing quiet hours and the
        daemon's outbox, and print one line per receiver: "NAME: delivered",
        "NAME: spooled to MAILDIR, not sent" (an [Email] receiver without SMTP= or Sendmail=:
        the message waits in the Maildir and nobody is told) or "NAME: failed: REASON". The alert is about the first configured city, under its own
        name, with its last reading from the daemon's state file; when there is none with an
        AQI (no poll yet, or every value null), with Breeze's example reading, which every
        message marks as such ("exampleReading": true in JSON, a line in the others).

        \(ExitStatusTable.text(exitStatuses))

        Options:
          --config PATH   main configuration file (default \(DefaultPaths.configuration))
        """

    static let exitStatuses = [
        ExitStatus(.success, "every receiver took it (or spooled it)"),
        ExitStatus(.failure, "at least one receiver failed"),
        ExitStatus(.usage, "bad arguments, or an unknown receiver"),
        ExitStatus(.configuration, "bad configuration, no receiver configured, or every one has Enabled=no"),
    ]

    static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        let parsed: ParsedArguments
        switch parse(arguments, ArgumentSpecification(options: ["config"]), context: context) {
        case .finish(let status): return status
        case .proceed(let arguments): parsed = arguments
        }
        let console = context.console
        guard
            var configuration = loadConfiguration(
                path: parsed.value("config"), optional: false, command: name, context: context, secretFiles: .all)
        else { return .configuration }
        let known = configuration.receiverNames
        guard !known.isEmpty else {
            console.printError("breezectl test-alert: no receiver is configured; add a [Webhook \"…\"] or [Email \"…\"] section")
            return .configuration
        }
        for wanted in parsed.positionals where !known.contains(wanted) {
            console.printError(
                "breezectl test-alert: unknown receiver '\(wanted)'; configured: \(known.joined(separator: ", "))")
            return .usage
        }
        let named = Set(parsed.positionals)
        if !named.isEmpty {
            // Only the named ones, each enabled for this test even when the daemon skips it.
            configuration.webhooks = configuration.webhooks.filter { named.contains($0.name) }
                .map { var webhook = $0; webhook.delivery.enabled = true; return webhook }
            configuration.emails = configuration.emails.filter { named.contains($0.name) }
                .map { var email = $0; email.delivery.enabled = true; return email }
        }
        let longest = configuration.webhooks.map(\.timeout).max() ?? .seconds(10)
        // Email receivers bound their own attempts (Timeout=, through their mail transport).
        let transport = CurlTransport(options: .init(
            totalTimeout: max(longest, .seconds(1)), userAgent: "breezectl/\(BreezeVersion.string)"))
        let receivers = Receivers.make(configuration: configuration, transport: transport, hostname: FileSystem.hostname())
        guard !receivers.isEmpty else {
            console.printError("breezectl test-alert: every receiver has Enabled=no; name one to test it anyway")
            return .configuration
        }
        let now = context.clock().wall
        let event = TestAlertEvent.make(configuration: configuration, now: now) { console.printError("breezectl test-alert: \($0)") }
        var failures = 0
        for receiver in receivers {
            switch receiver.deliver(event, at: now) {
            case .delivered:
                console.print("\(receiver.name): delivered")
            case .partlyDelivered(let refused):
                console.print("\(receiver.name): delivered, but \(refused)")
            case .spooled(let path):
                console.print("\(receiver.name): spooled to \(path), not sent")
            case .retry(let reason, _), .permanent(let reason):
                failures += 1
                console.print("\(receiver.name): failed: \(reason)")
            case .gone(let reason):
                failures += 1
                console.print("\(receiver.name): failed: \(reason) (the endpoint is gone)")
            }
        }
        return failures == 0 ? .success : .failure
    }
}
