/// Where an article sits: in the library, to be listened to, or put away in the archive (heard
/// to the end, when the library is set to archive what is finished, or archived by hand), as
/// read-later apps keep them. The library's lists show the library; the archive is one
/// filter away, and an article moves back with one step.
public enum Shelf: String, Sendable, CaseIterable, Codable {
    /// Not archived: what the library's lists show.
    case library
    /// Archived: out of the library's lists, kept with its audio, position and tags.
    case archive
}
