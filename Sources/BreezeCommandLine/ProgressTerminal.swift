import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Standard error when it is a terminal a status line can be drawn on: the one place that
/// draws and clears that line. `Console` clears it before each of its writes, under the same
/// lock, so nothing else written (standard output, a message on standard error) ever lands in
/// the middle of it or after it on the same row.
public final class ProgressTerminal: Sendable {
    /// Back to the start of the row, and the row erased: before every drawing, and the clearing.
    public static let eraseLine = "\r\u{1B}[K"

    /// Writes to the terminal, as it is.
    private let write: @Sendable (String) -> Void
    /// The terminal's width in columns; nil (or 0) when it does not say.
    private let width: @Sendable () -> Int?
    /// How often a status line is redrawn while no event comes, so that its elapsed time moves
    /// during a long request; nil: only when told (tests, with their own clock).
    public let refresh: Duration?
    /// Whether a status line is on screen now.
    private let shown = Mutex(false)

    public init(
        write: @escaping @Sendable (String) -> Void, width: @escaping @Sendable () -> Int?, refresh: Duration? = nil
    ) {
        self.write = write
        self.width = width
        self.refresh = refresh
    }

    /// The columns a status line may take: one fewer than the terminal's, so the cursor never
    /// reaches the last column (where some terminals wrap); 80 when the terminal does not say.
    public var columns: Int {
        let width = width() ?? 0
        return max(1, (width > 0 ? width : 80) - 1)
    }

    /// Draws `line` (already escaped and fitted to `columns`) in place of the one shown.
    func draw(_ line: String) {
        shown.withLock { shown in
            write(Self.eraseLine + line)
            shown = true
        }
    }

    /// Erases the status line, if one is shown.
    func clear() { clearing {} }

    /// Runs `body` (one write of the console's) with no status line on screen.
    func clearing(_ body: () -> Void) {
        shown.withLock { shown in
            if shown {
                write(Self.eraseLine)
                shown = false
            }
            body()
        }
    }

    /// Whether progress shows at all: only on a terminal, and not on a `TERM=dumb` one (which
    /// cannot erase a line). `--quiet` is each command's to add.
    public static func shows(standardErrorIsTerminal: Bool, environment: [String: String]) -> Bool {
        standardErrorIsTerminal && environment["TERM"] != "dumb"
    }

    /// The process's standard error when progress shows there (a line on it redrawn every
    /// quarter of a second while no event comes); nil otherwise.
    public static func standardError(environment: [String: String]) -> ProgressTerminal? {
        guard shows(standardErrorIsTerminal: isatty(STDERR_FILENO) == 1, environment: environment) else { return nil }
        return ProgressTerminal(
            write: { text in writeAll(STDERR_FILENO, text) },
            width: {
                var size = winsize()
                guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
                return Int(size.ws_col)
            },
            refresh: .milliseconds(250))
    }
}
