/// The bounds of one listener, per endpoint: what a flood of clients, a slow one or a huge
/// request can cost.
public struct WebListenerLimits: Sendable, Equatable {
    /// Connections open at once; beyond them new ones are closed at once.
    public var connections: Int
    /// Connections open at once from one client address.
    public var connectionsPerAddress: Int
    /// Bytes libmicrohttpd may use for one connection's request (line, headers) and its
    /// buffers: a larger request head gets an error status from libmicrohttpd, not more memory.
    public var memoryPerConnection: Int
    /// A connection idle this long (nothing received or sent) is closed.
    public var idleTimeout: Duration
    /// The time a request's head may take to arrive in full, counted from the connection's
    /// start or the previous answer: a client that trickles a byte a second is cut off.
    public var requestTimeout: Duration
    /// Connections the kernel queues before libmicrohttpd accepts them.
    public var backlog: Int

    public init(
        connections: Int = 256, connectionsPerAddress: Int = 64, memoryPerConnection: Int = 16 * 1024,
        idleTimeout: Duration = .seconds(10), requestTimeout: Duration = .seconds(10), backlog: Int = 128
    ) {
        self.connections = connections
        self.connectionsPerAddress = connectionsPerAddress
        self.memoryPerConnection = memoryPerConnection
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.backlog = backlog
    }
}
