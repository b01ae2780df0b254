public import NarrateCore
public import NarrateLibrary

/// How many of the next unfinished articles a listener's devices keep downloaded for offline
/// listening ("Keep the next N unfinished downloaded"): a library setting, the same for every
/// device; each device's web player does the downloading while it reaches the server.
public struct OfflineListening: Sendable, Equatable {
    /// How many unfinished articles to keep downloaded; 0 keeps none by itself.
    public var keepDownloaded: Int

    /// The numbers a listener may choose.
    public static let keepDownloadedRange = 0...50
    /// What a library that never chose keeps: three articles, a commute's listening.
    public static let defaultKeepDownloaded = 3

    static let settingKey = "offline.keepDownloaded"

    /// A choice of `keepDownloaded`; outside `keepDownloadedRange` it is `.invalidOption`.
    public init(keepDownloaded: Int) throws(NarrateError) {
        guard Self.keepDownloadedRange.contains(keepDownloaded) else {
            throw .invalidOption(
                name: "keepDownloaded",
                message:
                    "keepDownloaded must be from \(Self.keepDownloadedRange.lowerBound) to \(Self.keepDownloadedRange.upperBound): got \(keepDownloaded)"
            )
        }
        self.keepDownloaded = keepDownloaded
    }

    /// The library's choice (the default when never made, or when what is kept is no number in range).
    public static func load(from library: ArticleLibrary) throws(NarrateError) -> OfflineListening {
        let kept = try library.settings.value(settingKey).flatMap(Int.init).flatMap { keepDownloadedRange.contains($0) ? $0 : nil }
        return try OfflineListening(keepDownloaded: kept ?? defaultKeepDownloaded)
    }

    /// Keeps this choice in `library`.
    public func save(to library: ArticleLibrary) throws(NarrateError) {
        try library.settings.set(Self.settingKey, to: String(keepDownloaded))
    }
}
