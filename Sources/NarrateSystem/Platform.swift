// The C library, Glibc on Linux and Darwin on macOS, for every module that imports this one:
// the one place narrate tells the two apart for an import.
#if canImport(Glibc)
@_exported public import Glibc
#elseif canImport(Darwin)
@_exported public import Darwin
#endif
