import NarrateCore
import NarrateFetch
import NarrateIngest
import NarrateLibrary
import NarrateText
import Foundation

/// Reading inputs into articles for the library, shared by `add` and `batch`: folders
/// expanded to the files narrate reads, each file, URL or standard input read, its language
/// declared or detected, and its sentences segmented once.
struct ArticleImport {
    var format: InputFormat?
    var title: String?
    var language: String?
    var voice: String?
    var tags: [String]

    /// The inputs: files as given, folders as the .txt, .md and .html files inside them (sorted,
    /// hidden ones skipped).
    static func expand(_ paths: [String]) throws(NarrateError) -> [String] {
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

    func article(from input: String, detector: LanguageDetector?) throws(NarrateError) -> NewArticle {
        let loaded = try ArticleInput.load(input, format: format)
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
