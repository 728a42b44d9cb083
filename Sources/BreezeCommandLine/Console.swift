#if canImport(Glibc)
import Glibc
#endif

/// Where a command writes: injected so commands can be tested without a terminal.
public struct Console: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    /// Whether standard output is a terminal that shows ANSI colours.
    public var colours: Bool
    /// Standard error when a status line of long work can be drawn there (`ProgressReporter`);
    /// both writes above erase that line first, so it never mixes with what they write.
    public let progressTerminal: ProgressTerminal?

    public init(
        writeOutput: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        colours: Bool,
        progressTerminal: ProgressTerminal? = nil
    ) {
        self.colours = colours
        self.progressTerminal = progressTerminal
        guard let progressTerminal else {
            self.writeOutput = writeOutput
            self.writeError = writeError
            return
        }
        self.writeOutput = { text in progressTerminal.clearing { writeOutput(text) } }
        self.writeError = { text in progressTerminal.clearing { writeError(text) } }
    }

    /// Prints a line (or several) on standard output; control characters from names and
    /// values are escaped, only the colours of a terminal are kept.
    public func print(_ line: String) {
        writeOutput(TerminalText.escaped(line, keeping: outputKept) + "\n")
    }

    /// Prints each of `lines` as `print` does, in writes of some 64 kB, not one per line:
    /// a table of 100,000 cities was 100,000 system calls.
    public func print(lines: [String]) {
        var chunk = ""
        for line in lines {
            chunk += TerminalText.escaped(line, keeping: outputKept)
            chunk += "\n"
            if chunk.utf8.count >= 1 << 16 {
                writeOutput(chunk)
                chunk = ""
            }
        }
        if !chunk.isEmpty { writeOutput(chunk) }
    }

    /// What `print` keeps of control characters: a terminal's colours only when it shows them.
    private var outputKept: TerminalText.Kept {
        colours ? [.lineBreaks, .tabs, .colours] : [.lineBreaks, .tabs]
    }

    /// Prints a line (or several) on standard error, control characters escaped.
    public func printError(_ line: String) { writeError(TerminalText.escaped(line, keeping: [.lineBreaks, .tabs]) + "\n") }

    /// The process's own standard output and error; colours only on a terminal, and never
    /// when `NO_COLOR` is set or `TERM` is `dumb`; a status line only on a terminal's standard
    /// error (`ProgressTerminal.standardError`).
    public static func standard(environment: [String: String]) -> Console {
        let colours =
            isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil
            && environment["TERM"] != "dumb"
        return Console(
            writeOutput: { text in writeAll(STDOUT_FILENO, text) },
            writeError: { text in writeAll(STDERR_FILENO, text) },
            colours: colours, progressTerminal: .standardError(environment: environment))
    }
}

/// Writes all of `text` to `descriptor`, again after an interruption.
func writeAll(_ descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { buffer in
            write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        offset += written
    }
    bytes.removeAll()
}
