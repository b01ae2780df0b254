import ArgumentParser
import NarrateCore
import NarrateLibrary
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--library PATH`, shared by the library commands.
struct LibraryOptions: ParsableArguments {
    @Option(help: "The library database (default: $NARRATE_LIBRARY, else $XDG_DATA_HOME/narrate/library.sqlite).")
    var library: String?

    /// Opens (creating if needed) the library the options and environment name.
    func open() throws(NarrateError) -> ArticleLibrary {
        try Self.open(path: library)
    }

    /// Opens the library at `path`, or the one the environment names when it is nil.
    static func open(path library: String?) throws(NarrateError) -> ArticleLibrary {
        var environment: [String: String] = [:]
        for key in ["NARRATE_LIBRARY", "XDG_DATA_HOME", "HOME"] {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        guard let location = LibraryLocation.resolve(option: library, environment: environment) else {
            throw .invalidOption(name: "library", message: "no library location: set HOME or NARRATE_LIBRARY, or give --library PATH")
        }
        return try ArticleLibrary(location: location)
    }
}
