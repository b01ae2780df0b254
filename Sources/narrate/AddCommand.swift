import ArgumentParser
import NarrateCore
import NarrateFetch
import NarrateIngest
import NarrateLibrary
import NarrateSpeech
import NarrateText
import Foundation

/// `narrate add`: saves articles (files, folders of them, or standard input) to the library.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save articles to the library: files, folders (recursively) or - for standard input."
    )

    @Argument(help: "Articles (.txt, .md, .html files or http(s) URLs), folders of them, or - for standard input.")
    var paths: [String]

    @Option(help: "The title (one article only; default: its first heading or line).")
    var title: String?

    @Option(help: "Its language code (default: declared in the article, else detected).")
    var language: String?

    @Option(help: "The voice to narrate it with, instead of the one its language picks.")
    var voice: String?

    @Option(name: .customLong("tag"), help: "A tag to give (repeatable).")
    var tags: [String] = []

    @Option(help: "Read the input as 'text', 'markdown' or 'html' (default: from its extension).")
    var format: InputFormat?

    @Flag(help: "Print a JSON array of outcomes instead of lines.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
    }

    /// What happened to one input.
    struct Outcome: Encodable {
        var path: String
        var outcome: String
        var id: Int64?
        var title: String?
        var error: String?
    }

    func run() throws {
        Interruption.install()
        do throws(NarrateError) {
            if let language { try SpeechLanguage.validate(language) }
            if let voice {
                // An unknown voice is refused now (with the closest names), not when narrating.
                var settings = VoiceSettings.standard
                settings.voice = voice
                do {
                    try ESpeakEngine.shared().configure(settings)
                } catch let error as NarrateError {
                    throw error
                } catch {
                    throw NarrateError.engine(code: -1, message: "\(error)")
                }
            }
            let library = try libraryOptions.open()
            let inputs = try expand(paths)
            if title != nil, inputs.count != 1 {
                throw NarrateError.invalidOption(name: "title", message: "--title names one article; \(inputs.count) were given")
            }
            // Detection chooses among the languages eSpeak NG speaks.
            let detector = SpeechLanguage.detector(engine: try? ESpeakEngine.shared())
            var outcomes: [Outcome] = []
            var firstFailure: NarrateError?
            for input in inputs {
                if Interruption.isRequested { throw NarrateError.interrupted }
                do throws(NarrateError) {
                    let result = try library.add(article(from: input, detector: detector))
                    switch result {
                    case .added(let id, let title):
                        outcomes.append(Outcome(path: input, outcome: "added", id: id, title: title))
                        if !json { print("added \(id) \(title)") }
                    case .exists(let id, let title):
                        outcomes.append(Outcome(path: input, outcome: "exists", id: id, title: title))
                        if !json { print("exists \(id) \(title)") }
                    }
                } catch {
                    // One bad file in a folder does not stop the others.
                    if case .interrupted = error { throw error }
                    firstFailure = firstFailure ?? error
                    outcomes.append(Outcome(path: input, outcome: "failed", error: error.description))
                    ErrorReporter.printError(error.description)
                }
            }
            if json { try JSONOutput.print(outcomes) }
            if let firstFailure { ErrorReporter.terminate(firstFailure.exitCode) }
        } catch {
            ErrorReporter.fail(error)
        }
    }

    /// The inputs: files as given, folders as the .txt, .md and .html files inside them (sorted,
    /// hidden ones skipped).
    private func expand(_ paths: [String]) throws(NarrateError) -> [String] {
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

    private func article(from input: String, detector: LanguageDetector?) throws(NarrateError) -> NewArticle {
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
