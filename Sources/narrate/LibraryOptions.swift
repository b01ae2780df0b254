import ArgumentParser
import NarrateCore
import NarrateLibrary

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
        guard let location = LibraryLocation.resolve(option: library, environment: NarrateEnvironment.variables()) else {
            throw .invalidOption(name: "library", message: "no library location: set HOME or NARRATE_LIBRARY, or give --library PATH")
        }
        return try ArticleLibrary(location: location)
    }
}
