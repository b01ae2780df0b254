public import NarrateCore
public import NarrateLibrary

/// The cover of a book's own feed: the EPUB's cover image, all of it on a square, else one
/// drawn from the book's title and author.
public enum BookCover {
    /// The cover (PNG) of the feed of article `id`.
    public static func image(ofArticle id: Int64, in library: ArticleLibrary) throws(NarrateError) -> [UInt8] {
        let article = try library.articles.article(id: id)
        if let image = try library.articles.cover(ofArticle: id),
            let cover = try? PodcastCover.imported(image, path: article.summary.title, whole: true)
        {
            return cover
        }
        return PodcastCover.drawn(title: article.summary.title, subtitle: article.byline ?? "read aloud by narrate")
    }
}
