#if canImport(Glibc)
import Glibc
#endif

/// A failure on a path — a file, a folder, a socket — with the system's reason: the one
/// "path + errno" error. Its text is `PATH: REASON`, after what was being done when one is
/// given (`cannot write PATH: REASON`).
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, folder or socket.
    public var path: String
    /// Why, in the system's words (`ErrorNumber.text`) or Breeze's (`not a regular file (a FIFO)`).
    public var reason: String
    /// The `errno` behind it, when there is one (`EACCES`, `ENOENT`…).
    public var code: Int32?
    /// What was being done (`cannot write`), written before the path; nil for none.
    public var action: String?

    public init(path: String, reason: String, code: Int32? = nil, action: String? = nil) {
        self.path = path
        self.reason = reason
        self.code = code
        self.action = action
    }

    /// The error of the last failed system call on `path` (call it right after, before anything
    /// else can change `errno`); `what` (`cannot listen`) is written before the system's reason.
    public static func last(_ path: String, what: String? = nil, action: String? = nil) -> FileError {
        let code = errno
        let reason = ErrorNumber.text(code)
        return FileError(path: path, reason: what.map { "\($0): \(reason)" } ?? reason, code: code, action: action)
    }

    /// The same failure, said to have happened while doing `action`.
    public func during(_ action: String) -> FileError {
        var error = self
        error.action = action
        return error
    }

    public var description: String { (action.map { $0 + " " } ?? "") + "\(path): \(reason)" }
}
