import Foundation

/// The cluster's commands for async callers: each runs `initdb`, `pg_ctl` or `psql` as the
/// synchronous one does, on a thread of its own, so a test or benchmark awaiting it holds no
/// thread of Swift's cooperative pool (which an in-process server may be answering on).
extension PostgresCluster {
    /// Starts a cluster of its own (see `start(tls:)`).
    public static func start(tls: Bool = false) async throws(PostgresClusterError) -> PostgresCluster {
        try await onOwnThread { () throws(PostgresClusterError) in try start(tls: tls) }
    }

    /// Restarts the server (see `restart()`).
    public func restart() async throws(PostgresClusterError) {
        try await Self.onOwnThread { () throws(PostgresClusterError) in try self.restart() }
    }

    /// Stops the server (see `stopServer()`).
    public func stopServer() async throws(PostgresClusterError) {
        try await Self.onOwnThread { () throws(PostgresClusterError) in try self.stopServer() }
    }

    /// Starts a stopped server again (see `startAgain()`).
    public func startAgain() async throws(PostgresClusterError) {
        try await Self.onOwnThread { () throws(PostgresClusterError) in try self.startAgain() }
    }

    /// Runs `sql` with psql (see `psql(_:database:)`).
    @discardableResult
    public func psql(_ sql: String, database: String = PostgresCluster.database) async throws(PostgresClusterError) -> String {
        try await Self.onOwnThread { () throws(PostgresClusterError) in try self.psql(sql, database: database) }
    }

    private static func onOwnThread<Value: Sendable>(
        _ body: @escaping @Sendable () throws(PostgresClusterError) -> Value
    ) async throws(PostgresClusterError) -> Value {
        let result: Result<Value, PostgresClusterError> = await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: Result(catching: body)) }
            thread.stackSize = 8 << 20
            thread.start()
        }
        return try result.get()
    }
}
