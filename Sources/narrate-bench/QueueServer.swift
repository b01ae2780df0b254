import Foundation
import NarrateCore
import NarratePostgres
import NarratePostgresCluster
import NarrateSystem

/// The PostgreSQL server the queue benchmark runs against: a throwaway cluster, the one the tests use
/// (`PostgresCluster`, on 127.0.0.1 in a temporary folder, stopped and removed when this
/// process ends), restarted with the disk settings a measurement asks for, with a fresh
/// database for each measurement and the server's CPU time and transaction counts read.
struct QueueServer {
    /// The cluster.
    let cluster: PostgresCluster

    /// How the server treats the disk.
    enum Durability: String {
        /// PostgreSQL's defaults, as deployed: each commit waits for its WAL to reach the disk.
        case durable
        /// The tests' settings: `fsync`, `synchronous_commit` and `full_page_writes` off.
        case unflushed
    }

    /// The cluster of this process, started on first use; an error with the reason when
    /// PostgreSQL cannot be started here.
    static func start() throws(BenchmarkError) -> QueueServer {
        switch PostgresCluster.shared {
        case .success(let cluster): return QueueServer(cluster: cluster)
        case .failure(let error): throw BenchmarkError("PostgreSQL could not be started: \(error.description)")
        }
    }

    /// The server's version, as `SHOW server_version` gives it.
    func version() throws(BenchmarkError) -> String {
        try psql("SHOW server_version", database: "postgres")
    }

    /// Restarts the server with `durability` (a fast shutdown; no connection may be open).
    func restart(_ durability: Durability) throws(BenchmarkError) {
        var options = "-p \(cluster.port) -k \(cluster.directory) -c listen_addresses=127.0.0.1 -c max_connections=200"
        if durability == .unflushed { options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off" }
        let pgctl = [
            "\(cluster.binaries)/pg_ctl", "-D", "\(cluster.directory)/data", "restart", "-w", "-t", "60", "-m", "fast",
            "-l", "\(cluster.directory)/server.log", "-o", options,
        ]
        let command = cluster.runAs.map { ["/usr/sbin/runuser", "-u", $0, "--"] + pgctl } ?? pgctl
        _ = try ChildProcess.runChecked(command)
        let fsync = try psql("SHOW fsync", database: "postgres")
        guard fsync == (durability == .durable ? "on" : "off") else {
            throw BenchmarkError("the server restarted with fsync \(fsync), not as asked (\(durability.rawValue))")
        }
    }

    /// Makes the empty database `name` and returns its URL (password included, no TLS).
    func createDatabase(_ name: String) throws(BenchmarkError) -> String {
        try psql("CREATE DATABASE \(name)", database: "postgres")
        return cluster.url(user: PostgresCluster.user, password: PostgresCluster.password, database: name) + "?sslmode=disable"
    }

    /// A new connection to the queue at `url` (its schema made on first use).
    func queue(at url: String) throws(BenchmarkError) -> BlockingQueue {
        do {
            let address = try PostgresQueueAddress(url: url, environment: [:], home: nil)
            return BlockingQueue(
                queue: try OwnThread.wait { () async throws(NarrateError) in try await PostgresJobQueue(address: address) })
        } catch {
            throw BenchmarkError("cannot open the queue \(url): \(error)")
        }
    }

    /// Transactions committed in database `name` so far, once no connection to it is left
    /// (a server process counts its own when it ends).
    func transactions(database name: String) throws(BenchmarkError) -> Int {
        for _ in 0..<100 {
            let open = try psql("SELECT count(*) FROM pg_stat_activity WHERE datname = '\(name)'", database: "postgres")
            if open == "0" { break }
            usleep(50_000)
        }
        let count = try psql("SELECT xact_commit FROM pg_stat_database WHERE datname = '\(name)'", database: "postgres")
        guard let transactions = Int(count) else { throw BenchmarkError("no transaction count for database \(name): \(count)") }
        return transactions
    }

    /// When the last job of the queue in database `name` finished, in seconds since 1970 on
    /// the server's clock (this machine's).
    func lastFinish(database name: String) throws(BenchmarkError) -> Double {
        let text = try psql("SELECT extract(epoch FROM max(finished_at)) FROM narrate_job", database: name)
        guard let seconds = Double(text) else { throw BenchmarkError("no finished job in database \(name)") }
        return seconds
    }

    /// User and system CPU seconds of the server so far: the postmaster, its processes now
    /// running, and those that ended (counted in the postmaster's children's time).
    func cpuSeconds() throws(BenchmarkError) -> Double {
        guard
            let pidLine = try? String(contentsOfFile: "\(cluster.directory)/data/postmaster.pid", encoding: .utf8)
                .split(separator: "\n").first, let postmaster = Int(pidLine)
        else { throw BenchmarkError("cannot read the server's process id") }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard let own = Self.processTimes(postmaster) else { throw BenchmarkError("cannot read the server's CPU time") }
        var total = own.user + own.system + own.children
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for name in processes {
            guard let pid = Int(name), pid != postmaster, let times = Self.processTimes(pid), times.parent == postmaster else { continue }
            total += times.user + times.system
        }
        return Double(total) / ticks
    }

    /// The server's CPU seconds a second while no one uses it (its own background work:
    /// autovacuum, the WAL writer, checkpoints), over `seconds`.
    func idleCPURate(over seconds: Double) throws(BenchmarkError) -> Double {
        let before = try cpuSeconds()
        usleep(useconds_t(seconds * 1_000_000))
        return (try cpuSeconds() - before) / seconds
    }

    /// Clock ticks of process `pid` from /proc: its parent, its own user and system time,
    /// and its ended children's.
    private static func processTimes(_ pid: Int) -> (parent: Int, user: Int, system: Int, children: Int)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis: state, ppid, ... utime (14th field), stime,
        // cutime, cstime.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 14, let parent = Int(fields[1]), let user = Int(fields[11]), let system = Int(fields[12]),
            let childUser = Int(fields[13]), let childSystem = Int(fields[14])
        else { return nil }
        return (parent, user, system, childUser + childSystem)
    }

    @discardableResult
    private func psql(_ sql: String, database: String) throws(BenchmarkError) -> String {
        do {
            return try cluster.psql(sql, database: database)
        } catch {
            throw BenchmarkError("psql: \(error.description)")
        }
    }
}
