/// One status a command can exit with, and what it means for that command.
public struct ExitStatus: Sendable {
    public var code: ExitCode
    public var meaning: String

    public init(_ code: ExitCode, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }
}

/// The "Exit status:" block of a command's `--help`, rendered from the command's own table, so
/// the help and the tests that provoke each status read the same list.
public enum ExitStatusTable {
    /// Bad arguments: every command can end so.
    public static let usage = ExitStatus(.usage, "bad arguments (unknown option, missing value, extra argument)")

    /// `Exit status:` and one line per status, numbers aligned: "  64  bad arguments…".
    public static func text(_ statuses: [ExitStatus]) -> String {
        let width = statuses.map { String($0.code.rawValue).count }.max() ?? 0
        let lines = statuses.sorted { $0.code.rawValue < $1.code.rawValue }.map { status in
            let number = String(status.code.rawValue)
            return "  " + number + String(repeating: " ", count: width + 2 - number.count) + status.meaning
        }
        return (["Exit status:"] + lines).joined(separator: "\n")
    }
}
