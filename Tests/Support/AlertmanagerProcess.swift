import Foundation

/// Debian's `prometheus-alertmanager` on a free loopback port, with its storage in a temporary
/// folder; alone (no clustering) or as a peer of a cluster on loopback. `stop()` ends it by
/// its PID.
public final class AlertmanagerProcess: @unchecked Sendable {
    public static let binary = "/usr/bin/prometheus-alertmanager"
    public static let amtool = "/usr/bin/amtool"
    public static var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: binary) && FileManager.default.isExecutableFile(atPath: amtool)
    }

    /// The port of the web API.
    public let port: Int
    /// The gossip port (TCP and UDP) when clustered.
    public let clusterPort: Int?
    private let process = Process()
    private let folder: String

    /// Starts one and waits until it answers.
    /// - Parameters:
    ///   - configuration: `alertmanager.yml`; by default one route to a receiver that sends
    ///     nothing.
    ///   - clusterPort: gossip on `127.0.0.1:<port>`; nil for no clustering.
    ///   - peers: the gossip ports of the other members.
    ///   - peerTimeout: how long each member waits per position before it notifies, so the
    ///     first member's notification log reaches the others first.
    public init(
        configuration: String = "route:\n  receiver: blackhole\nreceivers:\n  - name: blackhole\n",
        clusterPort: Int? = nil, peers: [Int] = [], peerTimeout: String = "15s"
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-alertmanager-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/alertmanager.yml"
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: file))
        port = try Self.freePort()
        self.clusterPort = clusterPort
        process.executableURL = URL(fileURLWithPath: Self.binary)
        var arguments = [
            "--config.file=\(file)", "--web.listen-address=127.0.0.1:\(port)", "--storage.path=\(folder)/data",
        ]
        if let clusterPort {
            arguments += [
                "--cluster.listen-address=127.0.0.1:\(clusterPort)",
                "--cluster.advertise-address=127.0.0.1:\(clusterPort)",
                "--cluster.peer-timeout=\(peerTimeout)", "--cluster.gossip-interval=100ms",
                "--cluster.pushpull-interval=1s", "--cluster.settle-timeout=2s",
            ] + peers.map { "--cluster.peer=127.0.0.1:\($0)" }
        } else {
            arguments.append("--cluster.listen-address=")
        }
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if eventually(every: 0.1, { try amtool(["config", "show"]).status == 0 }) { return }
        stop()
        throw FixtureFailure(message: "alertmanager did not become ready on port \(port)")
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Runs amtool against this Alertmanager; returns its status and standard output.
    public func amtool(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try Processes.run(
            URL(fileURLWithPath: Self.amtool), arguments + ["--alertmanager.url=\(baseURL)"])
        return (result.status, result.standardOutput)
    }

    /// The active alerts' label sets, as `amtool alert query -o json` lists them.
    public func activeAlertLabels() throws -> [[String: String]] {
        let result = try amtool(["alert", "query", "-o", "json"])
        let alerts = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]] ?? []
        return alerts.compactMap { $0["labels"] as? [String: String] }
    }

    /// `GET <path>` of the web API, parsed as JSON.
    public func get(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try Processes.curl(baseURL + path).utf8))
    }

    /// The value of the first sample of `metric` (a name with its labels, as `/metrics`
    /// writes it), 0 when absent.
    public func metric(_ metric: String) throws -> Double {
        let text = try Processes.curl(baseURL + "/metrics")
        for line in text.split(separator: "\n") where line.hasPrefix(metric + " ") {
            return Double(line.dropFirst(metric.count + 1)) ?? 0
        }
        return 0
    }

    /// Ends this Alertmanager (by its PID) and removes its folder.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { stop() }

    /// A port the kernel says is free now for TCP and UDP (bound to port 0, then released).
    public static func freePort() throws -> Int {
        for _ in 0..<20 {
            let port = try bound(Int32(SOCK_STREAM.rawValue), port: 0)
            if (try? bound(Int32(SOCK_DGRAM.rawValue), port: port)) != nil { return port }
        }
        throw FixtureFailure(message: "no port free for both TCP and UDP")
    }

    private static func bound(_ type: Int32, port: Int) throws -> Int {
        let descriptor = socket(AF_INET, type, 0)
        guard descriptor >= 0 else { throw FixtureFailure(message: "socket failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
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
