import BreezeTestSupport
import Foundation
import Testing

/// The real `breezed` with `[Email]` receivers: one submitting to the aiosmtpd fixture over
/// STARTTLS with a login (the journal says delivered, the password appears nowhere), one with
/// neither SMTP= nor Sendmail= (the journal says spooled, not delivered).
struct SMTPDaemonTests {
    static let password = "daemon-Pa55word"

    @Test func theJournalSaysDeliveredForSMTPAndSpooledForTheMaildir() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let smtp = try SMTPServer(user: "air@example.com", password: Self.password)
        defer { smtp.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try server.alertingConfiguration(
            cities: [DaemonTests.paris, DaemonTests.tokyo], state: state,
            receivers: """
                [Email "family"]
                To=alice@example.com
                From=air@example.com
                SMTP=smtp://127.0.0.1:\(smtp.port)
                SMTPUser=air@example.com
                SMTPPassword=\(Self.password)
                CAFile=\(smtp.caFile)
                RetryInitialDelay=200ms

                [Email "archive"]
                To=archive@example.com
                """)
        let locations = [DaemonTests.paris, DaemonTests.tokyo].map { _, latitude, longitude in
            #"{"latitude":\#(latitude),"longitude":\#(longitude),"current":{"us_aqi":170,"pm2_5":85,"us_aqi_pm2_5":170}}"#
        }
        try server.control("readings", #"{"locations":[\#(locations.joined(separator: ","))]}"#)
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        #expect(daemon.waitForLog("BREEZE_EVENT=firing"))
        #expect(eventually(every: 0.1) { smtp.events("data").count >= 2 })
        #expect(daemon.waitForLog("delivered to family"))
        #expect(daemon.waitForLog("BREEZE_EVENT=spooled"))
        #expect(daemon.log.contains("for archive spooled to \(state)/mail, not sent"))
        #expect(!daemon.log.contains("delivered to archive"))
        #expect(smtp.events("auth").allSatisfy { $0["tls"] as? Bool == true && $0["success"] as? Bool == true })
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        #expect(!daemon.log.contains(Self.password))
    }

    @Test(arguments: [["breezectl", "check-config"], ["breezed", "--check"]])
    func theChecksNeverPrintThePassword(command: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-smtp-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/breezed.conf"
        // Readable by others (a warning about the password's place), and an error in the section.
        try Data("""
            [Email "family"]
            To=alice@example.com
            SMTP=smtp://mail.example.com:587
            SMTPUser=air@example.com
            SMTPPassword=\(Self.password)
            StartTLS=no

            """.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o644)
        let binary = command[0] == "breezed" ? Binaries.breezed : Binaries.breezectl
        let result = try Binaries.run(binary, Array(command.dropFirst()) + ["--config", path])
        #expect(result.status == 78)
        #expect(result.standardError.contains(
            "\(path):6: StartTLS=no would send the mail (and any SMTPPassword=) in plain text to mail.example.com"))
        #expect(result.standardError.contains("\(path):5: SMTPPassword= is in a file that group or others can read"))
        #expect(!(result.standardOutput + result.standardError).contains(Self.password))
    }
}
