import BreezeTestSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A control-socket client running as another user: `/usr/bin/python3` started by `setpriv`
/// with the real and effective uid and gid `uid` and no groups, as an ordinary user's would be
/// (the socket sees that uid through `SO_PEERCRED`). Needs root to start.
enum OtherUserClient {
    /// `hold PATH COUNT`: connects COUNT times, prints "ready", keeps every connection open,
    /// sending nothing, until its standard input closes.
    /// `ask PATH LINE`: sends LINE and a newline (if the server has not closed already),
    /// prints the answer line.
    static let script = """
        import socket, sys
        mode, path = sys.argv[1], sys.argv[2]
        if mode == "hold":
            held = []
            for _ in range(int(sys.argv[3])):
                connection = socket.socket(socket.AF_UNIX)
                connection.connect(path)
                held.append(connection)
            print("ready", flush=True)
            sys.stdin.read()
        else:
            connection = socket.socket(socket.AF_UNIX)
            connection.settimeout(60)
            connection.connect(path)
            try:
                connection.sendall(sys.argv[3].encode() + b"\\n")
            except OSError:
                pass  # refused at once: the answer is waiting
            answer = b""
            while not answer.endswith(b"\\n"):
                chunk = connection.recv(65536)
                if not chunk:
                    break
                answer += chunk
            sys.stdout.write(answer.decode())
        """

    static func arguments(_ uid: uid_t, _ rest: [String]) -> [String] {
        ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "/usr/bin/python3", "-c", script] + rest
    }

    /// The answer line `uid` gets to `line` on the socket at `path`.
    static func ask(_ line: String, as uid: uid_t, at path: String) throws -> String {
        let result = try Processes.run(URL(fileURLWithPath: "/usr/bin/setpriv"), arguments(uid, ["ask", path, line]))
        guard result.status == 0 else {
            throw FixtureFailure(message: "asking as uid \(uid) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }

    /// `count` connections held open by `uid` until `release()`.
    final class Held {
        private let process = Process()
        private let input = Pipe()

        init(_ count: Int, as uid: uid_t, at path: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = OtherUserClient.arguments(uid, ["hold", path, String(count)])
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let ready = String(decoding: output.fileHandleForReading.readData(ofLength: 6), as: UTF8.self)
            guard ready == "ready\n" else {
                release()
                throw FixtureFailure(message: "uid \(uid) could not connect \(count) times to \(path)")
            }
        }

        /// Closes its input: it closes its connections and exits; waits for it.
        func release() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        }
    }
}
