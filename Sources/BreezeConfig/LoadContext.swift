import BreezeVocabulary

/// One configuration file's text and where it came from.
public struct ConfigurationSource: Sendable {
    public var path: String
    public var text: String
    /// The file's permission bits (`0o640`…), nil when unknown (text not read from a file).
    public var permissions: UInt32?

    /// The text of the file at `path`, with its permission bits when known.
    public init(path: String, text: String, permissions: UInt32? = nil) {
        self.path = path
        self.text = text
        self.permissions = permissions
    }

    /// Whether group or others may read the file.
    var isReadableByOthers: Bool {
        guard let permissions else { return false }
        return permissions & 0o044 != 0
    }
}

/// Which `ApiKeyFile=`/`SecretFile=` files loading opens: a command opens only those it uses,
/// so a root-only secret does not stop an ordinary user's `breezectl status`.
public enum SecretFileReading: Sendable, Equatable {
    /// Every one; one that cannot be read is an error (`breezed`, `breezed --check`).
    case all
    /// Every one; one this user may not read, or a `/run/credentials/…` file that exists only
    /// while the service runs, is a warning naming it (`breezectl check-config`).
    case allWarningWhenUnreadable
    /// `[Breeze] ApiKeyFile=` only: receivers' `SecretFile=`s and sensors' `ApiKeyFile=`s are
    /// left unopened (`now`, `search`, `add`).
    case apiKeyOnly
    /// None (`status`, `outbox`).
    case none
}

/// What loading needs from outside the text: the environment, the host name, and how to read
/// `ApiKeyFile=`/`SecretFile=`. Injected so loading from strings is testable.
public struct LoadContext: Sendable {
    /// Process environment variables (`STATE_DIRECTORY` is read).
    public var environment: [String: String]
    /// The machine's host name, for the default `From=`.
    public var hostname: String
    /// Reads a whole file (secret files).
    public var readFile: @Sendable (String) -> Result<String, FileError>
    /// Which secret files to open.
    public var secretFiles: SecretFileReading = .all

    /// A context for tests: no environment, `localhost`, and no readable files unless given.
    public init(
        environment: [String: String] = [:], hostname: String = "localhost",
        readFile: @escaping @Sendable (String) -> Result<String, FileError> = { path in
            .failure(FileError(path: path, reason: "No such file or directory"))
        }
    ) {
        self.environment = environment
        self.hostname = hostname
        self.readFile = readFile
    }

    /// The real system: this process's host name and files.
    public static func system(environment: [String: String], secretFiles: SecretFileReading = .all) -> LoadContext {
        var context = LoadContext(
            environment: environment, hostname: FileSystem.hostname(),
            readFile: { path in FileSystem.contents(path).map(\.text) })
        context.secretFiles = secretFiles
        return context
    }
}
