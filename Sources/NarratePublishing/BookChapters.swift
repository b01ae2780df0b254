import Foundation
import NarrateAudio
public import NarrateCore
public import NarrateLibrary
import NarrateRendering

/// A book's chapters as files of their own, for a feed with one episode a chapter: cut from
/// the book's MP3 render at frame boundaries, byte for byte (`MP3Frames`), so a chapter
/// costs a copy of its bytes, not an encoding. The chapters are the book's top-level
/// headings (its table of contents), a section heading inside a chapter staying in it; what
/// comes before the first (the title, a preface without heading) is an opening episode when
/// it lasts more than a few seconds. The files are kept in the library's audio folder
/// (`.book-ARTICLE-RENDER/`), made once for each render; those of an older render go.
public struct BookChapters: Sendable {
    /// One chapter's file.
    public struct File: Sendable, Equatable {
        /// Its number, from 1, in the order heard.
        public var number: Int
        /// Its heading (the book's title for the opening).
        public var title: String
        /// The file.
        public var path: String
        /// Its size in bytes.
        public var bytes: Int64
        /// How long it plays, in seconds.
        public var durationSeconds: Double
        /// The book's sentences it holds.
        public var sentences: Range<Int>
        /// The sample of the book's render its own first sample is (a few frames before the
        /// chapter's heading, in the pause before it).
        public var firstSample: Int64
    }

    /// The book and its render.
    public let record: EpisodeRecord
    /// The chapters' files, in order.
    public let files: [File]

    /// The least an opening without heading must last to be an episode of its own.
    static let shortestOpeningSeconds = 5.0

    /// The chapters of the book `record` (an article with its MP3 render), their files made
    /// when they are not yet. `.inputUnavailable` when the render is not MP3 or cannot be read.
    public init(record: EpisodeRecord, library: ArticleLibrary) throws(NarrateError) {
        self.record = record
        let render = record.render
        guard render.format == AudioFileFormat.mp3.rawValue else {
            throw .inputUnavailable(path: render.path, reason: "a book's chapters are cut from an MP3 render, not \(render.format)")
        }
        let folder = "\(library.location.audioDirectory)/.book-\(record.articleId)-\(render.id)"
        let cuts = try Self.cuts(of: record, in: library)
        var files: [File] = []
        var frames: MP3Frames?
        let perFrame = MP3Frames.samplesPerFrame(sampleRate: render.sampleRate)
        for (position, cut) in cuts.enumerated() {
            let path = "\(folder)/chapter-\(String(format: "%03d", position + 1)).mp3"
            let firstFrame = position == 0 ? 0 : MP3Frames.frame(before: cut.start, samplesPerFrame: perFrame)
            let firstSample = MP3Frames.firstSample(ofFrame: firstFrame, samplesPerFrame: perFrame)
            // It ends a few frames before the next chapter's heading; the last at the render's end.
            let endSample =
                position + 1 == cuts.count
                ? cut.end
                : MP3Frames.firstSample(ofFrame: MP3Frames.frame(before: cut.end, samplesPerFrame: perFrame), samplesPerFrame: perFrame)
            let seconds = Double(max(0, endSample - firstSample)) / Double(max(1, render.sampleRate))
            func file(bytes: Int64) -> File {
                File(
                    number: position + 1, title: cut.title, path: path, bytes: bytes, durationSeconds: seconds, sentences: cut.sentences,
                    firstSample: firstSample
                )
            }
            if let size = FileContents.size(of: path) {
                files.append(file(bytes: size))
                continue
            }
            let index: MP3Frames
            if let frames {
                index = frames
            } else {
                index = try MP3Frames(path: render.path)
                frames = index
            }
            let first = min(firstFrame, index.count)
            let last = position + 1 == cuts.count ? index.count : index.frame(before: cut.end)
            let bytes = try Self.copy(
                render.path, from: index.offsets[first], to: index.offsets[max(first, last)], into: path, folder: folder)
            files.append(file(bytes: bytes))
        }
        self.files = files
        // The chapters of the book's older renders are of no use now.
        let prefix = ".book-\(record.articleId)-"
        for name in DirectoryEntries.names(library.location.audioDirectory)
        where name.hasPrefix(prefix) && name != ".book-\(record.articleId)-\(render.id)" {
            try? FileManager.default.removeItem(atPath: "\(library.location.audioDirectory)/\(name)")
        }
    }

    /// One chapter's place in the render.
    struct Cut {
        var title: String
        /// Its first sample and the sample after its last.
        var start: Int64
        var end: Int64
        /// Its sentences.
        var sentences: Range<Int>
    }

    /// Where each chapter starts and ends in the render, in samples, with its title.
    static func cuts(of record: EpisodeRecord, in library: ArticleLibrary) throws(NarrateError) -> [Cut] {
        let article = try library.articles.article(id: record.articleId)
        let sentences = article.sentences(try library.articles.sentences(ofArticle: record.articleId))
        let samples = try library.renders.sentenceSamples(ofRender: record.render.id)
        guard samples.count == sentences.count, !sentences.isEmpty else {
            throw .inputUnavailable(path: record.render.path, reason: "its timings do not match article \(record.articleId)")
        }
        let list = ChapterList(document: article.document, sentences: sentences, samples: samples, sampleRate: record.render.sampleRate)
        // The top level: the least heading level among the chapters, the opening apart.
        func level(_ chapter: ChapterList.Chapter) -> Int? {
            let block = article.document.blocks[sentences[chapter.sentenceIndex].blockIndex]
            if case .heading(let level) = block.kind, chapter.sentenceIndex > 0 { return level }
            return nil
        }
        let top = list.chapters.compactMap(level).min()
        var cuts: [Cut] = []
        for chapter in list.chapters {
            if cuts.isEmpty || (top != nil && level(chapter) == top) {
                if !cuts.isEmpty { cuts[cuts.count - 1].sentences = cuts[cuts.count - 1].sentences.lowerBound..<chapter.sentenceIndex }
                cuts.append(
                    Cut(
                        title: chapter.title, start: chapter.startSample, end: chapter.endSample,
                        sentences: chapter.sentenceIndex..<sentences.count))
            } else {
                cuts[cuts.count - 1].end = chapter.endSample
            }
        }
        // A short opening (the title alone) goes with the first chapter.
        if cuts.count > 1, Double(cuts[0].end - cuts[0].start) / Double(max(1, record.render.sampleRate)) < Self.shortestOpeningSeconds {
            cuts[1].start = cuts[0].start
            cuts[1].sentences = cuts[0].sentences.lowerBound..<cuts[1].sentences.upperBound
            cuts.removeFirst()
        }
        return cuts
    }

    /// Copies bytes `start..<end` of `source` into a new file at `path` (through a temporary
    /// file and a rename); its size.
    private static func copy(_ source: String, from start: Int64, to end: Int64, into path: String, folder: String) throws(NarrateError)
        -> Int64
    {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(path: folder, reason: "cannot create the folder of a book's chapters")
        }
        guard let input = FileHandle(forReadingAtPath: source) else {
            throw .inputUnavailable(path: source, reason: "the book's render cannot be read")
        }
        defer { try? input.close() }
        let output = try OutputFile(try OutputTarget.resolve(path), overwrite: true)
        do throws(NarrateError) {
            do {
                try input.seek(toOffset: UInt64(start))
            } catch {
                throw NarrateError.inputUnavailable(path: source, reason: "the book's render cannot be read: \(error)")
            }
            var left = end - start
            while left > 0 {
                let chunk: Data?
                do {
                    chunk = try input.read(upToCount: Int(min(left, 1 << 20)))
                } catch {
                    throw NarrateError.inputUnavailable(path: source, reason: "the book's render cannot be read: \(error)")
                }
                guard let chunk, !chunk.isEmpty else { break }
                try output.write([UInt8](chunk))
                left -= Int64(chunk.count)
            }
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        return FileContents.size(of: path) ?? 0
    }
}
