import BreezeModel
import Testing

@testable import BreezeConfig

/// The value syntaxes: durations, booleans, lists, quotes, continuation lines, comments.
struct SyntaxTests {
    @Test(arguments: [
        ("90s", 90.0), ("15min", 900), ("1h 30min", 5400), ("1h30min", 5400), ("2d", 172_800),
        ("500ms", 0.5), ("0", 0), ("45", 45), ("1.5h", 5400), ("1w", 604_800), ("2 hours", 7200),
        ("1min 30s", 90), ("250us", 0.000_25), ("10 sec", 10), ("1y", 31_557_600),
    ])
    func durationsParse(text: String, seconds: Double) throws {
        let duration = try #require(DurationSyntax.parse(text))
        let (whole, fraction) = duration.components
        #expect(abs(Double(whole) + Double(fraction) / 1e18 - seconds) < 1e-9)
    }

    @Test(arguments: ["", "abc", "15 minutes please", "-5s", "5x", "1..5s", "h", "1h -30min", "1000y"])
    func nonDurationsAreRejected(text: String) {
        #expect(DurationSyntax.parse(text) == nil)
    }

    @Test(arguments: [
        (Duration.seconds(5400), "1h 30min"), (.seconds(900), "15min"), (.zero, "0"),
        (.milliseconds(1500), "1s 500ms"), (.seconds(86_400 * 2 + 1), "2d 1s"),
    ])
    func durationsFormat(duration: Duration, text: String) {
        #expect(DurationSyntax.format(duration) == text)
    }

    @Test(arguments: [
        ("yes", true), ("YES", true), ("true", true), ("on", true), ("1", true),
        ("no", false), ("false", false), ("Off", false), ("0", false),
    ])
    func booleansParse(text: String, value: Bool) {
        #expect(ValueSyntax.boolean(text) == value)
    }

    @Test(arguments: ["maybe", "2", "y", ""])
    func nonBooleansAreRejected(text: String) {
        #expect(ValueSyntax.boolean(text) == nil)
    }

    @Test(arguments: [
        ("a,b c", ["a", "b", "c"]), ("a, b,  c", ["a", "b", "c"]), ("  ", []),
        ("\"New York\" paris", ["New York", "paris"]), ("\"a,b\",c", ["a,b", "c"]),
        ("\"say \\\"hi\\\"\"", ["say \"hi\""]),
    ])
    func listsSplitAtCommasAndSpaces(raw: String, words: [String]) {
        #expect(QuotedText.words(raw) == words)
    }

    @Test func quotesKeepSpacesCommasAndHashes() throws {
        let configuration = try #require(
            Load.text(
                """
                [Email "family"]
                To=a@example.com
                SubjectPrefix="  # [Air, now] \\"quoted\\" \\\\ "
                """
            ).configuration)
        #expect(configuration.emails.first?.subjectPrefix == "  # [Air, now] \"quoted\" \\ ")
    }

    @Test func continuationLinesJoinWithASpaceAndSkipComments() throws {
        let outcome = Load.text(
            """
            [Email "family"]
            To=a@example.com, \\
               b@example.com \\
            # a comment inside the continuation is skipped
               c@example.com
            From=x@example.com
            """)
        let email = try #require(outcome.configuration?.emails.first)
        #expect(email.to == ["a@example.com", "b@example.com", "c@example.com"])
        #expect(email.from == "x@example.com")
    }

    @Test func errorsInContinuedValuesPointAtTheFirstLine() {
        let outcome = Load.text("[Breeze]\n\nPollInterval=15min \\\n  soon\n")
        #expect(outcome.errors == ["breezed.conf:3: PollInterval=15min soon: invalid duration; use e.g. 90s, 15min, 1h 30min"])
    }

    @Test func commentsBlankLinesWhitespaceAndWindowsLineEndingsAreAccepted() throws {
        let text = "# comment\r\n; another\r\n\r\n  [Breeze]  \r\n  PollInterval =  20min \r\nJitter= 1min # not a comment\r\n"
        let outcome = Load.text(text)
        #expect(outcome.errors == ["breezed.conf:6: Jitter=1min # not a comment: invalid duration; use e.g. 90s, 15min, 1h 30min"])
        let fixed = Load.text(text.replacingOccurrences(of: " # not a comment", with: ""))
        #expect(fixed.configuration?.breeze.pollInterval == .seconds(1200))
        #expect(fixed.configuration?.breeze.jitter == .seconds(60))
    }

    @Test func anEmptyAssignmentResetsToTheDefault() throws {
        let outcome = Load.text("[Breeze]\nPollInterval=1h\nPollInterval=\n")
        #expect(outcome.configuration?.breeze.pollInterval == .seconds(900))
    }

    @Test(arguments: [
        ("alice@example.com", true), ("a.b+c@mail.example.org", true), ("breezed@localhost", true),
        ("bob@", false), ("@example.com", false), ("a@@b", false), ("a b@example.com", false),
        ("<a@example.com>", false), ("a@exa_mple.com", false), ("a@example..com", false),
    ])
    func emailAddresses(text: String, valid: Bool) {
        #expect(ValueSyntax.isEmailAddress(text) == valid)
    }

    @Test(arguments: [
        ("https://example.com", nil), ("http://127.0.0.1:8080/path", nil), ("HTTPS://EXAMPLE.COM", nil),
        ("ftp://example.com", "must be an http or https URL"),
        ("example.com", "must start with http:// or https://"),
        ("https://", "has no host name"), ("https://exa mple.com", "must not contain spaces"),
    ] as [(String, String?)])
    func urls(text: String, problem: String?) {
        #expect(ValueSyntax.httpURLProblem(text) == problem)
    }

    @Test func quietHoursMayWrapPastMidnight() throws {
        let hours = try #require(ValueSyntax.quietHours("22:00-07:30"))
        #expect(hours == QuietHours(start: 22 * 60, end: 7 * 60 + 30))
        #expect(hours.contains(minute: 23 * 60))
        #expect(hours.contains(minute: 60))
        #expect(!hours.contains(minute: 12 * 60))
        #expect(hours.description == "22:00-07:30")
        #expect(ValueSyntax.quietHours("24:00-07:00") == nil)
        #expect(ValueSyntax.quietHours("9:5-10:00") == nil)
    }

    @Test func suggestionsFindTyposButNotStrangers() {
        #expect(Suggestion.closest(to: "Polinterval", among: Schema.breeze.keys) == "PollInterval")
        #expect(Suggestion.closest(to: "pollinterval", among: Schema.breeze.keys) == "PollInterval")
        #expect(Suggestion.closest(to: "Colour", among: Schema.breeze.keys) == nil)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    }
}
