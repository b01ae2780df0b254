/// Gives the memory a process freed back to the system, where the allocator keeps it: glibc
/// keeps what each thread freed in that thread's arena, so a process whose threads took turns
/// with large work (articles of an import, a flood of connections) stays as large as all of
/// them together. Nothing on other systems.
public enum MemoryTrim {
    #if canImport(Glibc)
    /// glibc's malloc_trim, which the Glibc module does not declare (malloc.h).
    private static let trim: (@convention(c) (Int) -> Int32)? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
        .map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }
    #endif

    /// Returns free memory to the system now.
    public static func giveBack() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}
