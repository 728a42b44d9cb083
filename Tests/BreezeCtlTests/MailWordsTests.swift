import BreezeCommandLine
import BreezeTestSupport
import Foundation
import Synchronization
import Testing

@testable import BreezeCtl

/// What `check-config` and `test-alert` say of `[Email]` receivers: where the mail goes, a
/// warning when it only waits in the default Maildir (its real path), "spooled to …, not sent"
/// rather than "delivered", and never the SMTP password, even when the server quotes it.
struct MailWordsTests {
    /// What a command printed, on each stream.
    final class Output: Sendable {
        let standard = Mutex<[String]>([])
        let errors = Mutex<[String]>([])
        var text: String { standard.withLock { $0.joined() } }
        var errorText: String { errors.withLock { $0.joined() } }

        var context: CommandContext {
            CommandContext(
                console: Console(
                    writeOutput: { line in self.standard.withLock { $0.append(line) } },
                    writeError: { line in self.errors.withLock { $0.append(line) } }, colours: false),
                environment: [:])
        }
    }

    /// A folder whose `state` is a symbolic link to `private/breeze` (as systemd's
    /// `DynamicUser=` lays out `/var/lib/breeze`), and a configuration using it.
    struct Setup {
        let folder: String
        let configuration: String

        init(receivers: String) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-mail-words-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder + "/private/breeze", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/state", withDestinationPath: "private/breeze")
            configuration = folder + "/breezed.conf"
            let text = "[Breeze]\nStateDirectory=\(folder)/state\n[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n" + receivers
            try text.write(toFile: configuration, atomically: true, encoding: .utf8)
            chmod(configuration, 0o600)
        }

        /// The folder with its own symbolic links resolved (the temporary directory may be one).
        var realFolder: String { URL(fileURLWithPath: folder).resolvingSymlinksInPath().path }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    static let receivers = """
        [Email "family"]
        To=family@example.com
        [Email "archive"]
        To=archive@example.com
        Spool=/ARCHIVE

        """

    @Test func checkConfigWarnsOfTheDefaultMaildirByItsRealPathAndNamesAChosenOne() throws {
        let setup = try Setup(receivers: "")
        defer { setup.remove() }
        try Self.receivers.replacingOccurrences(of: "/ARCHIVE", with: setup.folder + "/archive")
            .appendToFile(setup.configuration)
        let output = Output()
        #expect(CheckConfigCommand.run(["--config", setup.configuration], context: output.context) == .success)
        #expect(output.errorText
            == "warning: family: no SMTP= or Sendmail=: messages stay in \(setup.realFolder)/private/breeze/mail (readable by root)\n")
        #expect(output.text.contains("archive: mail kept in the Maildir \(setup.folder)/archive (Spool=), not sent\n"))
        #expect(!output.text.contains("family:"))
    }

    @Test func testAlertSaysSpooledNotDelivered() throws {
        let setup = try Setup(receivers: "")
        defer { setup.remove() }
        try Self.receivers.replacingOccurrences(of: "/ARCHIVE", with: setup.folder + "/archive")
            .appendToFile(setup.configuration)
        let output = Output()
        #expect(TestAlertCommand.run(["--config", setup.configuration], context: output.context) == .success)
        #expect(output.text == "family: spooled to \(setup.folder)/state/mail, not sent\n"
            + "archive: spooled to \(setup.folder)/archive, not sent\n")
        #expect(!output.text.contains("delivered"))
        let spooled = try FileManager.default.contentsOfDirectory(atPath: setup.folder + "/private/breeze/mail/new")
        #expect(spooled.count == 1)
    }

    @Test func theSMTPPasswordIsInNoOutputEvenWhenTheServerQuotesIt() throws {
        let password = "quoted-Pa55word"
        let server = try SMTPServer(mode: .refuseAll, user: "air", password: password)
        defer { server.stop() }
        let setup = try Setup(receivers: """
            [Email "family"]
            To=family@example.com
            SMTP=smtp://127.0.0.1:\(server.port)
            SMTPUser=air
            SMTPPassword=\(password)
            CAFile=\(server.caFile)

            """)
        defer { setup.remove() }
        let check = Output()
        #expect(CheckConfigCommand.run(["--config", setup.configuration], context: check.context) == .success)
        #expect(check.text.contains("family: mail submitted to smtp://127.0.0.1:\(server.port)\n"))
        #expect(check.errorText.isEmpty)
        let test = Output()
        #expect(TestAlertCommand.run(["--config", setup.configuration], context: test.context) == .failure)
        #expect(test.text.hasPrefix("family: failed: SMTP 550 from 127.0.0.1:\(server.port): refused family@example.com "
            + "(550 5.1.1 <family@example.com>: mailbox unavailable (login air password <redacted>))"))
        // The server did get the password, over TLS: the test would mean nothing otherwise.
        #expect(server.events("auth").first?["success"] as? Bool == true)
        for text in [check.text, check.errorText, test.text, test.errorText] {
            #expect(!text.contains(password))
            #expect(!text.contains(Data(password.utf8).base64EncodedString()))
        }
    }
}

extension String {
    /// Appends the text to the file at `path`.
    func appendToFile(_ path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(utf8))
    }
}
