import Testing

@testable import BreezeHTTP

/// What the SMTP transport keeps of libcurl's conversation (the server's refusals, the
/// refused recipients; never what AUTH sent) and how it hands libcurl the message.
struct SMTPTranscriptTests {
    @Test func refusalsArePairedWithTheirRecipientAndMultiLineRepliesJoined() {
        let transcript = SMTPTranscript()
        transcript.received("220 mail.example.com ESMTP")
        transcript.sent("MAIL FROM:<air@example.com>")
        transcript.received("250 OK")
        transcript.sent("RCPT TO:<alice@example.com>")
        transcript.received("250 OK")
        transcript.sent("RCPT TO:<bob@example.org> NOTIFY=NEVER")
        transcript.received("550-5.1.1 <bob@example.org>: no such user")
        transcript.received("550 5.1.1 try another")
        #expect(transcript.refused == [RefusedRecipient(
            address: "bob@example.org", reply: SMTPReply(code: 550, text: "5.1.1 <bob@example.org>: no such user 5.1.1 try another"))])
        transcript.sent("QUIT")
        transcript.received("221 Bye")
        #expect(transcript.lastRefusal == SMTPReply(code: 550, text: "5.1.1 <bob@example.org>: no such user 5.1.1 try another"))
    }

    @Test func whatAuthSendsIsNeverKept() {
        let transcript = SMTPTranscript()
        transcript.sent("AUTH PLAIN AGFpcgBzM2NyZXQ=")
        transcript.received("535 5.7.8 Authentication credentials invalid")
        transcript.sent("AUTH LOGIN")
        transcript.received("334 VXNlcm5hbWU6")
        // A continuation line that happens to look like a command is not a recipient either.
        transcript.sent("czNjcmV0")
        transcript.received("550 nope")
        #expect(transcript.refused.isEmpty)
        #expect(transcript.lastRefusal == SMTPReply(code: 550, text: "nope"))
    }

    @Test func aServerThatTalksForeverIsBounded() {
        let transcript = SMTPTranscript()
        for _ in 0..<10_000 { transcript.received("451-" + String(repeating: "x", count: 10_000)) }
        transcript.received("451 end")
        let reply = transcript.lastRefusal
        #expect(reply?.code == 451)
        #expect((reply?.text.count ?? 0) <= 8 * 513)
        transcript.received("not a reply")
        transcript.received("4")
        #expect(transcript.lastRefusal == reply)
    }

    @Test func lineEndsBecomeCRLFOnce() {
        #expect(MailUpload.crlf(Array("a\nb\r\nc\n\n".utf8)) == Array("a\r\nb\r\nc\r\n\r\n".utf8))
        #expect(MailUpload.crlf([]) == [])
    }

    @Test func theHelloNameIsAddedOnlyWhenItIsAPlainHostName() {
        func url(_ name: String?) -> String {
            CurlMailTransport.url(MailSubmission(url: "smtp://127.0.0.1:25", helloName: name, sender: "a@b", recipients: [], message: []))
        }
        #expect(url("sensor-host.example") == "smtp://127.0.0.1:25/sensor-host.example")
        #expect(url(nil) == "smtp://127.0.0.1:25")
        #expect(url("host\r\nX") == "smtp://127.0.0.1:25")
        #expect(url("東京") == "smtp://127.0.0.1:25")
    }
}
