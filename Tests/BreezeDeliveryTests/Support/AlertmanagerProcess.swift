import BreezeTestSupport
import Foundation

/// Debian's `prometheus-alertmanager` on a free loopback port, without clustering, with its
/// storage in a temporary folder; `stop()` ends it by its PID.
final class AlertmanagerProcess: @unchecked Sendable {
    static let binary = "/usr/bin/prometheus-alertmanager"
    static let amtool = "/usr/bin/amtool"
    static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: binary) && FileManager.default.isExecutableFile(atPath: amtool)
    }

    let port: Int
    private let process = Process()
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        let configuration = folder.path + "/alertmanager.yml"
        try Data("route:\n  receiver: blackhole\nreceivers:\n  - name: blackhole\n".utf8)
            .write(to: URL(fileURLWithPath: configuration))
        port = try Self.freePort()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = [
            "--config.file=\(configuration)", "--web.listen-address=127.0.0.1:\(port)",
            "--storage.path=\(folder.path)/data", "--cluster.listen-address=",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        for _ in 0..<100 {
            if (try? amtool(["config", "show"]))?.status == 0 { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        stop()
        throw FixtureFailure(message: "alertmanager did not become ready on port \(port)")
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Runs amtool against this Alertmanager; returns its status and standard output.
    func amtool(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: Self.amtool)
        tool.arguments = arguments + ["--alertmanager.url=\(baseURL)"]
        let output = Pipe()
        tool.standardOutput = output
        tool.standardError = FileHandle.nullDevice
        try tool.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        tool.waitUntilExit()
        return (tool.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The active alerts' label sets, as `amtool alert query -o json` lists them.
    func activeAlertLabels() throws -> [[String: String]] {
        let result = try amtool(["alert", "query", "-o", "json"])
        let alerts = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]] ?? []
        return alerts.compactMap { $0["labels"] as? [String: String] }
    }

    /// Ends this Alertmanager (by its PID) and removes its folder.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        folder.remove()
    }

    deinit { stop() }

    /// A port the kernel says is free now (bound to port 0, then released).
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw FixtureFailure(message: "socket failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw FixtureFailure(message: "bind failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
