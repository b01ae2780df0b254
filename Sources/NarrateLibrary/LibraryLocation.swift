/// Where the library database lives: `--library PATH`, else `$NARRATE_LIBRARY`, else
/// `$XDG_DATA_HOME/narrate/library.sqlite` (`~/.local/share/narrate/library.sqlite`).
public struct LibraryLocation: Sendable, Equatable {
    /// The database file.
    public var databasePath: String

    /// The folder that holds the database.
    public var folder: String {
        let slash = databasePath.lastIndex(of: "/")
        let directory = slash.map { String(databasePath[..<$0]) } ?? "."
        return directory.isEmpty ? "/" : directory
    }

    /// The folder beside the database where the library keeps the audio it renders.
    public var audioDirectory: String {
        (folder == "/" ? "" : folder) + "/audio"
    }

    /// Creates a location for an explicit database path.
    public init(databasePath: String) {
        self.databasePath = databasePath
    }

    /// The location from the option, the environment or the default, in that order;
    /// nil when none can be found (no option, no `NARRATE_LIBRARY`, `XDG_DATA_HOME` or `HOME`).
    public static func resolve(option: String?, environment: [String: String]) -> LibraryLocation? {
        if let option, !option.isEmpty { return LibraryLocation(databasePath: option) }
        if let path = environment["NARRATE_LIBRARY"], !path.isEmpty { return LibraryLocation(databasePath: path) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return LibraryLocation(databasePath: "\(data)/narrate/library.sqlite")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return LibraryLocation(databasePath: "\(home)/.local/share/narrate/library.sqlite")
        }
        return nil
    }
}
