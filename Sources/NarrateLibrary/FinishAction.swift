/// What an article heard to the end gets, besides leaving the up-next queue: a library
/// setting, the same whichever player finished it (`narrate play`, the web player, another
/// device, `narrate position --finished`).
public enum FinishAction: Sendable, Equatable {
    /// Nothing: it stays in the library, marked finished.
    case nothing
    /// It moves to the archive, out of the library's lists, as read-later apps do.
    case archive
    /// It gets this tag.
    case tag(String)

    /// As the setting keeps it: "", "archive" or "tag:NAME".
    var stored: String {
        switch self {
        case .nothing: ""
        case .archive: "archive"
        case .tag(let tag): "tag:\(tag)"
        }
    }

    /// The action a stored setting names; nothing for anything else.
    init(stored: String?) {
        switch stored {
        case "archive": self = .archive
        case let value? where value.hasPrefix("tag:") && value.count > 4: self = .tag(String(value.dropFirst(4)))
        default: self = .nothing
        }
    }
}
