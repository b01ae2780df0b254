/// How many times the library has changed, counted by triggers in the database: a feed made
/// at one stamp is the same at the same stamp, so it is known unchanged with one read.
public struct LibraryChangeStamp: Sendable, Equatable, Hashable {
    /// Changes to articles, tags, renders and settings.
    public var library: Int64
    /// Articles heard to the end, or no longer.
    public var progress: Int64

    /// A stamp.
    public init(library: Int64, progress: Int64) {
        self.library = library
        self.progress = progress
    }
}
