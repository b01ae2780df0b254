/// A file's status as both C libraries give it, under one name.
extension stat {
    /// When the file's contents last changed (`st_mtim` on Linux, `st_mtimespec` on macOS).
    public var modified: timespec {
        #if canImport(Darwin)
        st_mtimespec
        #else
        st_mtim
        #endif
    }
}
