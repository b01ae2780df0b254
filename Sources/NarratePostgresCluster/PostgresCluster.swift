import Foundation
import NarrateSystem

/// A throwaway PostgreSQL cluster for tests and benchmarks: Debian's server (`postgresql`, which
/// `scripts/install-dependencies --tests` installs) made with `initdb` in a temporary directory and
/// started with `pg_ctl` on 127.0.0.1 and a free port, as an unprivileged user when the tests
/// run as root (the server refuses root). Connections over TCP need a password
/// (scram-sha-256); the Unix socket in the directory trusts, for the tests' own `psql`.
///
/// One cluster serves a whole test process (`shared`). A watchdog shell holds a pipe from
/// this process: when the process ends, however it ends, the watchdog stops the server and
/// removes the directory.
public final class PostgresCluster: Sendable {
    /// The superuser the tests connect as, with its password.
    public static let user = "narrate"
    public static let password = "narrate-test-password"
    /// The database the tests use.
    public static let database = "narrate"

    /// The temporary directory: the data directory, the socket and the server's log.
    public let directory: String
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The directory of `initdb`, `pg_ctl`, `postgres` and `psql`.
    public let binaries: String
    /// The user the server runs as (nil: this process's own).
    public let runAs: String?
    /// Whether it offers TLS (server.crt and server.key in the data directory).
    public let tls: Bool
    /// The watchdog shell, and the write end of its standard input (this process's alone:
    /// close-on-exec, so no server started later holds it open).
    private let watchdog: pid_t
    private let watchdogInput: Int32

    /// The URL of the test database, password included.
    public var url: String { url(user: Self.user, password: Self.password, database: Self.database) }

    /// A URL of this server with another user, password or database.
    public func url(user: String, password: String?, database: String) -> String {
        let credentials = password.map { "\(user):\($0)" } ?? user
        return "postgresql://\(credentials)@127.0.0.1:\(port)/\(database)"
    }

    private init(directory: String, port: Int, binaries: String, runAs: String?, tls: Bool, watchdog: pid_t, watchdogInput: Int32) {
        self.tls = tls
        self.directory = directory
        self.port = port
        self.binaries = binaries
        self.runAs = runAs
        self.watchdog = watchdog
        self.watchdogInput = watchdogInput
    }

    /// The cluster of this test process, started on first use; the reason when PostgreSQL
    /// cannot be started here (tests that need it skip with it).
    public static let shared: Result<PostgresCluster, PostgresClusterError> = Result { () throws(PostgresClusterError) in
        try start()
    }

    /// Whether a cluster runs for this process (a test trait's condition).
    public static var isAvailable: Bool {
        if case .success = shared { return true }
        return false
    }

    /// Why no cluster runs, for a skipped test's message.
    public static var unavailableReason: String {
        if case .failure(let error) = shared { return error.description }
        return ""
    }

    /// The directory of Debian's newest installed server (`/usr/lib/postgresql/N/bin`), or
    /// of `initdb` on the PATH.
    public static func findBinaries() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        for version in versions.reversed() where FileManager.default.isExecutableFile(atPath: "\(root)/\(version)/bin/initdb") {
            return "\(root)/\(version)/bin"
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(directory)/initdb") {
            return String(directory)
        }
        return nil
    }

    /// Makes and starts a cluster; with `tls`, it offers TLS with a self-signed certificate
    /// for 127.0.0.1 (made with openssl), which no authority vouches for.
    public static func start(tls: Bool = false) throws(PostgresClusterError) -> PostgresCluster {
        guard let binaries = findBinaries() else {
            throw PostgresClusterError(
                "PostgreSQL's initdb was not found (install Debian's postgresql: scripts/install-dependencies --tests)")
        }
        let runAs: String? = getuid() == 0 ? (getpwnam("postgres") != nil ? "postgres" : "nobody") : nil
        let directory = NSTemporaryDirectory() + "narrate-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data((password + "\n").utf8).write(to: URL(fileURLWithPath: "\(directory)/password"))
        } catch {
            throw PostgresClusterError("cannot make \(directory): \(error)")
        }
        if let runAs, let account = getpwnam(runAs) {
            chown(directory, account.pointee.pw_uid, account.pointee.pw_gid)
            chown("\(directory)/password", account.pointee.pw_uid, account.pointee.pw_gid)
        }
        let data = "\(directory)/data"
        try run(
            binaries + "/initdb",
            [
                "-D", data, "-U", user, "--pwfile", "\(directory)/password", "--auth-local=trust", "--auth-host=scram-sha-256",
                "-E", "UTF8", "--locale=C", "--no-sync",
            ],
            as: runAs
        )
        if tls {
            try run(
                "/usr/bin/openssl",
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-keyout", "\(data)/server.key", "-out", "\(data)/server.crt",
                ],
                as: runAs
            )
            // The server refuses a key others can read.
            try run("/bin/chmod", ["600", "\(data)/server.key"], as: runAs)
        }
        let port = try freePort()
        let (watchdog, watchdogInput) = try startWatchdog(directory: directory, binaries: binaries, runAs: runAs)
        let cluster = PostgresCluster(
            directory: directory, port: port, binaries: binaries, runAs: runAs, tls: tls, watchdog: watchdog,
            watchdogInput: watchdogInput
        )
        try cluster.pgctl(["start", "-w", "-t", "60", "-l", "\(directory)/server.log", "-o", cluster.serverOptions])
        try cluster.psql("CREATE DATABASE \(database)", database: "postgres")
        return cluster
    }

    /// The server's options: loopback on `port`, the socket in the directory, and no waiting
    /// for the disk (a test cluster need not survive a power cut).
    private var serverOptions: String {
        "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
            + (tls ? " -c ssl=on" : "")
    }

    /// Restarts the server (a fast shutdown: connections are cut, as a failover would).
    public func restart() throws(PostgresClusterError) {
        try pgctl(["restart", "-w", "-t", "60", "-m", "fast", "-l", "\(directory)/server.log", "-o", serverOptions])
    }

    /// Stops the server (fast) without removing anything; `startAgain` starts it.
    public func stopServer() throws(PostgresClusterError) {
        try pgctl(["stop", "-w", "-m", "fast"])
    }

    /// Starts a server stopped by `stopServer`.
    public func startAgain() throws(PostgresClusterError) {
        try pgctl(["start", "-w", "-t", "60", "-l", "\(directory)/server.log", "-o", serverOptions])
    }

    /// Stops the server and removes the directory now (a cluster a test made for itself),
    /// by letting its watchdog go.
    public func shutDown() {
        close(watchdogInput)
        _ = try? SystemCall.waitForExit(watchdog)
    }

    /// Runs `sql` with psql over the socket as the superuser; its output (tuples only, unaligned).
    @discardableResult
    public func psql(_ sql: String, database: String = PostgresCluster.database) throws(PostgresClusterError) -> String {
        try Self.run(
            binaries + "/psql",
            [
                "-h", directory, "-p", "\(port)", "-U", Self.user, "-d", database, "-v", "ON_ERROR_STOP=1", "-X", "-q", "-t", "-A", "-c",
                sql,
            ],
            as: runAs
        )
    }

    private func pgctl(_ arguments: [String]) throws(PostgresClusterError) {
        try Self.run(binaries + "/pg_ctl", ["-D", "\(directory)/data"] + arguments, as: runAs)
    }

    /// A shell that waits for this process's end (its standard input closing), then stops the
    /// server and removes the directory: its pid and the write end of its input.
    private static func startWatchdog(directory: String, binaries: String, runAs: String?) throws(PostgresClusterError) -> (pid_t, Int32) {
        let stop = ([binaries + "/pg_ctl", "-D", "\(directory)/data", "stop", "-m", "immediate"]).map(quoted).joined(separator: " ")
        let command = runAs.map { "runuser -u \($0) -- \(stop)" } ?? stop
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw PostgresClusterError("cannot make a pipe") }
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let pid = try spawn(
            ["/bin/sh", "-c", "cat >/dev/null; \(command) >/dev/null 2>&1; rm -rf \(quoted(directory))"], input: ends[0],
            output: "/dev/null"
        )
        close(ends[0])
        return (pid, ends[1])
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `executable` (as `user` through runuser when given) and returns its output; a
    /// failure carries what it printed.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], as user: String?) throws(PostgresClusterError) -> String {
        let command = user.map { ["/usr/sbin/runuser", "-u", $0, "--", executable] } ?? [executable]
        // Output goes to a file, not a pipe: the server pg_ctl starts keeps its parent's
        // descriptors, and a pipe would never reach its end while the server runs. Spawned
        // and waited for directly: Foundation's Process did not notice runuser's end here.
        let outputPath = NSTemporaryDirectory() + "narrate-pg-output-\(UUID().uuidString)"
        defer { unlink(outputPath) }
        let pid = try spawn(command + arguments, input: nil, output: outputPath)
        let exitStatus = (try? SystemCall.waitForExit(pid)) ?? nil
        let text = ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard exitStatus == 0 else {
            let ended = exitStatus.map { "exit status \($0)" } ?? "killed by a signal"
            throw PostgresClusterError("\((executable as NSString).lastPathComponent) failed (\(ended)): \(text)")
        }
        return text
    }

    /// Starts `command` with standard input from `input` (else /dev/null) and standard output
    /// and error into the file `output`, without the PG* settings of the tests and without
    /// any other descriptor of this process (a server started through it would hold them).
    private static func spawn(_ command: [String], input: Int32?, output: String) throws(PostgresClusterError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        // glibc's closefrom action (2.34 and later; Swift's Glibc module does not declare it).
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        }
        let environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }.map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, &argv, &envp)
        guard spawned == 0 else { throw PostgresClusterError("cannot run \(command[0]): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// A TCP port on 127.0.0.1 nothing listens on now.
    public static func freePort() throws(PostgresClusterError) -> Int {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw PostgresClusterError("cannot open a socket") }
        defer { close(socketDescriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socketDescriptor, pointer, length) == 0 && getsockname(socketDescriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw PostgresClusterError("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Why a test cluster could not be made or driven.
public struct PostgresClusterError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
