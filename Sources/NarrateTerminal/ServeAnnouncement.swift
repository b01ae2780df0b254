public import NarrateServer

/// What `narrate serve` prints once it listens: the library, where to open the player (with
/// the token and its QR code when it was just made), and where podcast apps find the feed
/// (its private address when the secret was just made).
public enum ServeAnnouncement {
    /// The lines for `listening`.
    public static func lines(_ listening: ServeListening) -> [String] {
        var lines = ["narrate serve: the library \(listening.libraryPath)"]
        let addresses = listening.addresses
        lines.append("Open \(addresses[0])  (Ctrl-C stops)")
        lines += addresses.dropFirst().map { "  or \($0)" }
        if let local = listening.proxiedTo { lines.append("The proxy passes requests on to \(local)") }
        if !listening.requiresToken {
            if listening.tokenIsNew {
                lines.append("A new token is stored; it is asked for only when serving beyond this machine (--host).")
            }
        } else if listening.showsToken {
            lines.append("This address holds the library's token, shown only now: keep it (narrate serve --new-token replaces it).")
            lines += TerminalQRCode.lines(for: addresses[0]) ?? []
        } else {
            lines.append("Requests need the library's token, given when it was made; narrate serve --new-token makes a new one.")
        }
        let site = listening.site
        if !listening.requiresToken {
            lines.append("Podcast feed: \(site)/feed.xml  (the library page lists them all)")
        } else if let secret = listening.newFeedSecret {
            lines.append("Podcast feed (a private address, for a podcast app; shown only now): \(site)/podcast/\(secret)/feed.xml")
        } else {
            lines.append("Podcast feeds: their private addresses are on the library page (narrate serve --new-feed-secret replaces them).")
        }
        return lines
    }
}
