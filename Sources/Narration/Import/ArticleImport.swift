public import NarrateCore
import NarrateFetch
public import NarrateIngest
public import NarrateLibrary
import NarrateText
import Foundation

/// Reading inputs into articles for the library, shared by `add` and `batch`: folders
/// expanded to the files narrate reads, each file, URL or standard input read, its language
/// declared or detected, and its sentences segmented once.
public struct ArticleImport {
    /// The reader to use (nil: from each input's extension or content type).
    public var format: SourceFormat?
    /// The title to give (nil: the document's).
    public var title: String?
    /// The language to record (nil: declared, else detected).
    public var language: String?
    /// The voice to keep for the article (nil: its language picks one).
    public var voice: String?
    /// Tags to give.
    public var tags: [String]

    /// An import with these choices for every input.
    public init(format: SourceFormat? = nil, title: String? = nil, language: String? = nil, voice: String? = nil, tags: [String] = []) {
        self.format = format
        self.title = title
        self.language = language
        self.voice = voice
        self.tags = tags
    }

    /// The inputs: files as given, folders as the .txt, .md and .html files inside them (sorted,
    /// hidden ones skipped).
    public static func expand(_ paths: [String]) throws(NarrateError) -> [String] {
        var inputs: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard path != "-", !PageFetcher.isURL(path), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                inputs.append(path)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                throw .inputUnavailable(path: path, reason: "cannot read the folder")
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                if name.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
                if ArticleLoader.format(forPath: full) != nil { found.append(full) }
            }
            if found.isEmpty { throw .inputUnavailable(path: path, reason: "no .txt, .md or .html files in this folder") }
            inputs += found.sorted()
        }
        return inputs
    }

    /// The article read from `input` (a path, "-" or a URL), its language declared or
    /// detected by `detector`, its sentences segmented.
    public func article(
        from input: String, detector: LanguageDetector?, isCancelled: () -> Bool = { false }
    ) throws(NarrateError) -> NewArticle {
        let loaded = try ArticleInput.load(input, format: format, isCancelled: isCancelled)
        let document = loaded.document
        let text = document.blocks.map(\.text).joined(separator: "\n\n")
        let code = (language ?? document.language ?? detector?.language(of: text)).map { LanguageRules.primaryCode(of: $0) }
        let sentences = SentenceSegmenter(language: code ?? "en").sentences(of: document)
        let isFile = input != "-" && loaded.url == nil
        return NewArticle(
            title: title ?? document.title, byline: document.byline, site: document.site,
            sourceURL: loaded.url ?? document.sourceURL, sourcePath: isFile ? absolute(input) : nil, language: code,
            publishedAt: document.publishedAt, voice: voice, original: loaded.bytes, document: document,
            sentences: sentences, tags: tags
        )
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
