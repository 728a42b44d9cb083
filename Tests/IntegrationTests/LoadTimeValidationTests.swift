import BreezeTestSupport
import Foundation
import Testing

/// Configuration that used to pass `check-config` but could not work is refused by both
/// checkers, with `PATH:LINE`.
struct LoadTimeValidationTests {
    @Test(arguments: [["breezectl", "check-config"], ["breezed", "--check"]])
    func brokenSigningSecretsAndReservedHeadersFailTheCheck(command: [String]) throws {
        let binary = command[0] == "breezed" ? Binaries.breezed : Binaries.breezectl
        let secret = Binaries.fixture("config/bad-signing-secret.conf").path
        let first = try Binaries.run(binary, Array(command.dropFirst()) + ["--config", secret])
        #expect(first.status == 78)
        #expect(first.standardError.contains("\(secret):4: Secret= starts with whsec_ but the rest is not base64\n"))
        #expect(!first.standardError.contains("!!!"))
        let headers = Binaries.fixture("config/reserved-headers.conf").path
        let second = try Binaries.run(binary, Array(command.dropFirst()) + ["--config", headers])
        #expect(second.status == 78)
        #expect(second.standardError.contains(
            "\(headers):4: Header=Content-Length: breezed sets this header itself (it frames the request or the connection); remove it\n"))
        #expect(!second.standardError.contains("evil.example.net"))
    }
}
