/// The number of files this process may have open (`RLIMIT_NOFILE`), which bounds the
/// connections `narrate serve` can hold.
public enum OpenFileLimit {
    /// The soft limit, raised first to the hard limit (at most 65,536), as servers such as
    /// nginx and Go's runtime do: the soft limit of 1,024 many systems start with would let
    /// a few hundred idle connections take every file the library and audio need.
    public static func raised() -> Int {
        #if canImport(Darwin)
        // macOS refuses a soft limit above OPEN_MAX, whatever the hard limit says.
        let most = rlim_t(min(Int(OPEN_MAX), 65_536))
        #else
        let most = rlim_t(65_536)
        #endif
        var limit = rlimit()
        guard getrlimit(Self.resource, &limit) == 0 else { return 1_024 }
        let wanted = min(limit.rlim_max, most)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Self.resource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}
