/// Where something was written: a file and, when known, a 1-based line in it.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    /// The 1-based line, or nil when the problem concerns the file or configuration as a whole.
    public var line: Int?

    /// A place in `path`, at `line` when there is one.
    public init(path: String, line: Int?) {
        self.path = path
        self.line = line
    }

    /// `PATH:LINE`, or `PATH` when there is no line.
    public var description: String {
        if let line { "\(path):\(line)" } else { path }
    }
}

/// One problem found in a configuration. The message never contains a secret value.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// Whether the problem stops the configuration from loading.
    public enum Severity: String, Sendable, Equatable {
        case error
        case warning
    }

    public var path: String
    /// The 1-based line of the file, or nil when the problem has no single line.
    public var line: Int?
    public var message: String
    public var severity: Severity

    /// A problem at `path`:`line`; `message` must not contain a secret.
    public init(path: String, line: Int?, message: String, severity: Severity) {
        self.path = path
        self.line = line
        self.message = message
        self.severity = severity
    }

    init(_ message: String, at location: SourceLocation, severity: Severity) {
        self.init(path: location.path, line: location.line, message: message, severity: severity)
    }

    /// `PATH:LINE: message`, or `PATH: message` when there is no line.
    public var description: String {
        "\(SourceLocation(path: path, line: line)): \(message)"
    }
}

/// Why a configuration could not be loaded: every error found, and the warnings seen meanwhile.
public struct ConfigurationFailure: Error, Sendable, CustomStringConvertible {
    public var errors: [Diagnostic]
    public var warnings: [Diagnostic]

    /// A failure with at least one error.
    public init(errors: [Diagnostic], warnings: [Diagnostic]) {
        self.errors = errors
        self.warnings = warnings
    }

    /// The errors, one per line.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}

/// Collects problems in the order they are found; nothing stops at the first one.
struct DiagnosticCollector {
    private(set) var errors: [Diagnostic] = []
    private(set) var warnings: [Diagnostic] = []

    mutating func error(_ message: String, at location: SourceLocation) {
        errors.append(Diagnostic(message, at: location, severity: .error))
    }

    mutating func warning(_ message: String, at location: SourceLocation) {
        warnings.append(Diagnostic(message, at: location, severity: .warning))
    }
}
