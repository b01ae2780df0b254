public import NarrateCore
public import NarrateLibrary

/// The secret in a private feed's address (`/podcast/SECRET/feed.xml`): podcast apps send no
/// cookies and no headers of the user's, so the address itself is the key. Kept in the
/// library apart from the web pages' token (giving a feed to a podcast app does not give the
/// pages away), made on first use, replaced on request (the old addresses stop working).
public enum FeedSecret {
    /// The library setting that keeps it.
    static let settingKey = "podcast.feedSecret"

    /// The library's feed secret, made now when it has none (`created` says so) or when `replace`.
    public static func obtain(library: ArticleLibrary, replace: Bool) throws(NarrateError) -> (secret: String, created: Bool) {
        if replace {
            let secret = ServerToken.make()
            try library.settings.set(settingKey, to: secret)
            return (secret, true)
        }
        let (secret, created) = try library.settings.value(settingKey, orSet: ServerToken.make)
        return (secret, created)
    }

    /// `path` with the secret of a private feed's address hidden, for a log line.
    static func redacted(_ path: String) -> String {
        guard path.hasPrefix("/podcast/") else { return path }
        let rest = path.dropFirst("/podcast/".count)
        guard let slash = rest.firstIndex(of: "/") else { return "/podcast/…" }
        return "/podcast/…" + rest[slash...]
    }
}
