/// What the library's articles can be filtered by, with how many articles each choice keeps:
/// their tags and their languages, each in order.
public struct LibraryFacets: Sendable, Equatable {
    /// One choice and the articles it keeps.
    public struct Count: Sendable, Equatable {
        /// A tag, or a language's code.
        public var value: String
        /// Articles with it.
        public var articles: Int

        public init(value: String, articles: Int) {
            self.value = value
            self.articles = articles
        }
    }

    /// The tags, by name.
    public var tags: [Count]
    /// The languages, by code (articles of no known language are not counted).
    public var languages: [Count]

    public init(tags: [Count], languages: [Count]) {
        self.tags = tags
        self.languages = languages
    }
}
