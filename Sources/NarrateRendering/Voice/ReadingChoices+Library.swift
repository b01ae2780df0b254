public import NarrateCore
public import NarrateLibrary

/// The library's reading choices: a setting, so every front end and every worker of a batch
/// reads the same parts (`narrate reading`, the web player's menu).
extension ReadingChoices {
    static let settingKey = "reading.choices"

    /// The library's choices (narrate's defaults when never set).
    public static func load(from library: ArticleLibrary) throws(NarrateError) -> ReadingChoices {
        try library.settings.value(settingKey).flatMap(ReadingChoices.init(setting:)) ?? .standard
    }

    /// Keeps these choices in `library`.
    public func save(to library: ArticleLibrary) throws(NarrateError) {
        try library.settings.set(Self.settingKey, to: description)
    }
}
