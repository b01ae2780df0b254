/// Starts processes (narrate's own helpers: batch workers, the runs of one article) with no
/// signal blocked, whatever the starting process inherited, but those it asks to be held,
/// and the descriptors `redirect` sets up.
public enum ProcessSpawn {
    /// Starts `executable` with `arguments` (the program's name first); its process id.
    /// `holding`: signals the child starts with blocked, which it unblocks once it handles
    /// them: one sent while it starts is then kept for it, not the end of it (the default
    /// action of SIGUSR1 and SIGUSR2 is to terminate).
    public static func start(
        _ executable: String, arguments: [String], holding: [Int32] = [], redirect: (inout posix_spawn_file_actions_t) -> Void
    ) throws(SystemError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        redirect(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var held = sigset_t()
        sigemptyset(&held)
        for signal in holding { sigaddset(&held, signal) }
        posix_spawnattr_setsigmask(&attributes, &held)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        guard status == 0 else { throw SystemError(code: status) }
        return pid
    }
}
