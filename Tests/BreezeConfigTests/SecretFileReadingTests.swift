import Foundation
import BreezeVocabulary
import Testing

@testable import BreezeConfig

#if canImport(Glibc)
import Glibc
#endif

/// Which secret files a load opens, and how `check-config` takes one it may not read.
struct SecretFileReadingTests {
    static let text = """
        [Breeze]
        ApiKeyFile=/etc/breeze/api-key
        [Webhook "ops"]
        URL=https://hooks.example.com/breeze
        SecretFile=/etc/breeze/ops-secret
        [Webhook "cred"]
        URL=https://hooks.example.com/other
        SecretFile=/run/credentials/breezed.service/cred-secret
        """

    /// A context whose files answer `answer`, recording every path opened.
    func context(_ reading: SecretFileReading, _ answer: @escaping @Sendable (String) -> Result<String, FileError>)
        -> (LoadContext, Opened)
    {
        let opened = Opened()
        var context = LoadContext(readFile: { path in
            opened.add(path)
            return answer(path)
        })
        context.secretFiles = reading
        return (context, opened)
    }

    @Test func statusOpensNoSecretFileAndNowOnlyTheApiKey() {
        let (none, openedByNone) = context(.none) { path in .failure(FileError(path: path, reason: "Permission denied", code: EACCES)) }
        let status = Load.text(Self.text, context: none)
        #expect(status.errors.isEmpty)
        #expect(openedByNone.paths.isEmpty)
        #expect(status.configuration?.webhooks.first?.secret == nil)

        let (apiKey, openedByNow) = context(.apiKeyOnly) { path in
            path == "/etc/breeze/api-key" ? .success("key\n") : .failure(FileError(path: path, reason: "Permission denied", code: EACCES))
        }
        let now = Load.text(Self.text, context: apiKey)
        #expect(now.errors.isEmpty)
        #expect(openedByNow.paths == ["/etc/breeze/api-key"])
        #expect(now.configuration?.breeze.apiKey?.value == "key")
    }

    @Test func theDaemonOpensEveryOneAndAnUnreadableOneIsAnError() {
        let (all, opened) = context(.all) { path in
            path.hasSuffix("ops-secret") ? .failure(FileError(path: path, reason: "Permission denied", code: EACCES)) : .success("x")
        }
        let outcome = Load.text(Self.text, context: all)
        #expect(opened.paths.count == 3)
        #expect(outcome.errors == ["breezed.conf:5: cannot read SecretFile=/etc/breeze/ops-secret: Permission denied"])
    }

    @Test func checkConfigWarnsAboutFilesOnlyTheServiceReads() {
        let (warn, _) = context(.allWarningWhenUnreadable) { path in
            if path.hasSuffix("ops-secret") { return .failure(FileError(path: path, reason: "Permission denied", code: EACCES)) }
            if path.hasPrefix("/run/credentials/") {
                return .failure(FileError(path: path, reason: "No such file or directory", code: ENOENT))
            }
            return .success("x")
        }
        let outcome = Load.text(Self.text, context: warn)
        #expect(outcome.errors.isEmpty)
        #expect(outcome.warnings.count == 2)
        #expect(outcome.warnings[0].hasPrefix("breezed.conf:5: cannot read SecretFile=/etc/breeze/ops-secret as this user (Permission denied)"))
        #expect(outcome.warnings[1].hasPrefix("breezed.conf:8: cannot read SecretFile=/run/credentials/breezed.service/cred-secret"))
    }

    @Test func checkConfigStillFailsOnAMissingFileOutsideCredentials() {
        let (warn, _) = context(.allWarningWhenUnreadable) { path in
            path.hasSuffix("ops-secret") ? .failure(FileError(path: path, reason: "No such file or directory", code: ENOENT)) : .success("x")
        }
        let outcome = Load.text(Self.text, context: warn)
        #expect(outcome.errors == ["breezed.conf:5: cannot read SecretFile=/etc/breeze/ops-secret: No such file or directory"])
    }

    @Test func theControlSocketDefaultsToTheRuntimeDirectory() {
        #expect(Load.text("").configuration?.breeze.controlSocket == "/run/breeze/control")
        let runtime = LoadContext(environment: ["RUNTIME_DIRECTORY": "/run/breeze-test:/run/other"])
        #expect(Load.text("", context: runtime).configuration?.breeze.controlSocket == "/run/breeze-test/control")
        #expect(Load.text("[Breeze]\nControlSocket=/tmp/x/control\n").configuration?.breeze.controlSocket == "/tmp/x/control")
        #expect(Load.text("[Breeze]\nControlSocket=\n", context: runtime).configuration?.breeze.controlSocket == "/run/breeze-test/control")
        #expect(Load.text("[Breeze]\nControlSocket=relative/control\n").errors.count == 1)
    }
}

/// The paths a context opened, from any thread.
final class Opened: @unchecked Sendable {
    private let lock = NSLock()
    private var opened: [String] = []
    func add(_ path: String) { lock.withLock { opened.append(path) } }
    var paths: [String] { lock.withLock { opened } }
}
