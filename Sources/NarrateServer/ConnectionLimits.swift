/// How many connections `narrate serve` holds and how long it waits on each, so that
/// connections a stranger opens and never uses (or trickles a byte at a time) cannot stop it
/// answering the listener.
///
/// A connection is *proven* once it has sent a request the server would answer: with the
/// token, or any request to a server that asks none (on loopback), for a name the server
/// answers. Until then it is a stranger's, held only while it is among the newest
/// `maxConnections - reserved` such connections: when they are that many, the oldest one not
/// waiting for an answer is closed to make room, so a new connection (the listener's too) is
/// always taken in and a flood only churns itself. The `reserved` rest are for proven
/// connections alone.
public struct ConnectionLimits: Sendable, Equatable {
    /// Connections held at once, at most (a process's open-file limit lowers it, keeping
    /// `filesKeptFree` for the library, audio files and workers).
    public var maxConnections: Int
    /// Of `maxConnections`, how many only proven connections may use.
    public var reserved: Int
    /// Connections from one address beyond loopback, at most.
    public var perAddress: Int
    /// Seconds from a connection's start (or its last answer) to a whole request head.
    public var headSeconds: Double
    /// Seconds from a request's head to the end of its body.
    public var bodySeconds: Double
    /// Seconds a kept-alive connection may wait, unused, for its next request.
    public var idleSeconds: Double

    /// Open files kept for everything but connections.
    public static let filesKeptFree = 256

    /// The limits `narrate serve` runs with: 1,024 connections (256 reserved), 32 from one
    /// address beyond loopback, 10 s for a head, 60 s for a body, 30 s idle.
    public init(
        maxConnections: Int = 1_024, reserved: Int = 256, perAddress: Int = 32, headSeconds: Double = 10, bodySeconds: Double = 60,
        idleSeconds: Double = 30
    ) {
        self.maxConnections = maxConnections
        self.reserved = reserved
        self.perAddress = perAddress
        self.headSeconds = headSeconds
        self.bodySeconds = bodySeconds
        self.idleSeconds = idleSeconds
    }

    /// These limits with at most `openFiles - filesKeptFree` connections, the reserve
    /// shrunk in proportion.
    public func fitting(openFiles: Int) -> ConnectionLimits {
        let most = max(16, openFiles - Self.filesKeptFree)
        guard most < maxConnections else { return self }
        var fitted = self
        fitted.reserved = max(1, reserved * most / maxConnections)
        fitted.maxConnections = most
        return fitted
    }

    /// Connections a stranger's may take: all but the reserve.
    var forStrangers: Int { max(1, maxConnections - reserved) }
}
