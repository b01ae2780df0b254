public import NarrateCore
public import NarrateLibrary
public import NarrateRendering

/// Where an episode's sentences and chapters are heard in its audio (a render of the
/// article), as the files a feed links: Podcasting 2.0 JSON chapters, and the WebVTT and
/// SRT transcripts, one cue a sentence.
public struct EpisodeTimeline: Sendable {
    /// The chapters: every heading starts one.
    public let chapters: ChapterList
    /// The sentences' places in the audio.
    public let syncMap: SyncMap
    /// The audio's length in seconds.
    public let duration: Double

    /// The timeline of render `renderId` of article `articleId`; `.noSuchArticle` when the
    /// article is unknown, `.inputUnavailable` when the render is not one of its own or no
    /// longer matches its sentences.
    public init(articleId: Int64, renderId: Int64, library: ArticleLibrary) throws(NarrateError) {
        let article = try library.articles.article(id: articleId)
        guard let render = try library.renders.renders(ofArticle: articleId).first(where: { $0.id == renderId }) else {
            throw .inputUnavailable(path: "render \(renderId)", reason: "article \(articleId) has no such render")
        }
        let samples = try library.renders.sentenceSamples(ofRender: renderId)
        let sentences = article.sentences(try library.articles.sentences(ofArticle: articleId))
        guard samples.count == sentences.count, !sentences.isEmpty else {
            throw .inputUnavailable(path: "render \(renderId)", reason: "its timings do not match article \(articleId)")
        }
        chapters = ChapterList(document: article.document, sentences: sentences, samples: samples, sampleRate: render.sampleRate)
        syncMap = SyncMap(sentences: sentences, samples: samples, sampleRate: render.sampleRate)
        duration = render.duration
    }

    /// The timeline of chapter `chapter` of a book's feed (`BookChapters`), cut from render
    /// `renderId` of article `articleId`: its sentences and the headings inside it, timed
    /// from its own first sample; its first chapter starts at 0.
    public init(bookChapter chapter: BookChapters.File, articleId: Int64, renderId: Int64, library: ArticleLibrary) throws(NarrateError) {
        let whole = try EpisodeTimeline(articleId: articleId, renderId: renderId, library: library)
        let article = try library.articles.article(id: articleId)
        let sentences = article.sentences(try library.articles.sentences(ofArticle: articleId))
        let samples = try library.renders.sentenceSamples(ofRender: renderId)
        let range = chapter.sentences.clamped(to: 0..<min(sentences.count, samples.count))
        let rate = whole.chapters.sampleRate
        let length = Int64(chapter.durationSeconds * Double(rate))
        var inside = whole.chapters.chapters.filter { range.contains($0.sentenceIndex) }.map { heading in
            ChapterList.Chapter(
                title: heading.title, sentenceIndex: heading.sentenceIndex,
                startSample: min(length, max(0, heading.startSample - chapter.firstSample)),
                endSample: min(length, max(0, heading.endSample - chapter.firstSample))
            )
        }
        if !inside.isEmpty { inside[0].startSample = 0 }
        chapters = ChapterList(chapters: inside, sampleRate: rate)
        var map = SyncMap(
            sentences: Array(sentences[range]), samples: Array(samples[range]), sampleRate: rate, startSample: chapter.firstSample)
        // The last sentence's pause goes on past the file's end, into the next chapter's.
        for index in map.fragments.indices { map.fragments[index].end = min(map.fragments[index].end, chapter.durationSeconds) }
        syncMap = map
        duration = chapter.durationSeconds
    }

    /// The file of `kind`'s text.
    public func file(_ kind: EpisodeFile) -> String {
        switch kind {
        case .chapters: chapters.podcastJSON()
        case .webVTT: syncMap.rendered(as: .vtt)
        case .srt: syncMap.rendered(as: .srt)
        }
    }
}

/// The files an episode has beside its audio.
public enum EpisodeFile: String, Sendable, CaseIterable {
    /// Podcasting 2.0 JSON chapters.
    case chapters
    /// A WebVTT transcript.
    case webVTT
    /// An SRT transcript.
    case srt

    /// What its name ends with.
    public var suffix: String {
        switch self {
        case .chapters: ".chapters.json"
        case .webVTT: ".vtt"
        case .srt: ".srt"
        }
    }

    /// Its MIME type.
    public var mimeType: String {
        switch self {
        case .chapters: "application/json+chapters"
        case .webVTT: "text/vtt"
        case .srt: "application/x-subrip"
        }
    }

    /// The MIME type it is served with (text, in UTF-8).
    public var contentType: String {
        switch self {
        case .chapters: "application/json+chapters; charset=utf-8"
        case .webVTT: "text/vtt; charset=utf-8"
        case .srt: "application/x-subrip; charset=utf-8"
        }
    }
}
