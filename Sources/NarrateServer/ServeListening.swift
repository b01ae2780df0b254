/// What a front end tells the user once `narrate serve` listens: where to open the player
/// and where podcast apps find the feeds, with the token and the feeds' secret when they were
/// just made (they are shown only then).
public struct ServeListening: Sendable, Equatable {
    /// The library served.
    public var libraryPath: String
    /// Where to open the player, best first; with the token when `showsToken`.
    public var addresses: [String]
    /// Whether requests need the token (the server listens beyond this machine).
    public var requiresToken: Bool
    /// Whether the token was made now.
    public var tokenIsNew: Bool
    /// Whether `addresses` hold the token (it is needed and was made now).
    public var showsToken: Bool
    /// The site's address, without the token or a trailing slash.
    public var site: String
    /// The feeds' secret, when it was made now and requests need the token (its private
    /// addresses are shown only then).
    public var newFeedSecret: String?
    /// Behind a reverse proxy (a public address given): where the proxy passes requests on to.
    public var proxiedTo: String?
}
