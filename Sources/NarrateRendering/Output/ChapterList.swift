import Foundation
public import NarrateAudio
public import NarrateCore

/// The chapters of a narration: every heading starts one, and audio before the first
/// heading is a chapter named after the article.
///
/// Written as a chapter file (`.json` in the Podcasting 2.0 JSON chapters format, `.txt` in
/// FFmpeg's ffmetadata format) and as labelled cue points in WAV files.
public struct ChapterList: Sendable, Equatable {
    /// One chapter.
    public struct Chapter: Sendable, Equatable {
        /// The heading's text (the article's title for an opening chapter without heading).
        public var title: String
        /// The index of the chapter's first sentence.
        public var sentenceIndex: Int
        /// Where it starts, in samples.
        public var startSample: Int64
        /// Where it ends (the next chapter's start, or the end of the audio), in samples.
        public var endSample: Int64

        /// Creates a chapter.
        public init(title: String, sentenceIndex: Int, startSample: Int64, endSample: Int64) {
            self.title = title
            self.sentenceIndex = sentenceIndex
            self.startSample = startSample
            self.endSample = endSample
        }
    }

    /// The chapters, in order, covering the audio without gaps.
    public var chapters: [Chapter]
    /// Samples per second.
    public var sampleRate: Int

    /// Creates a list from chapters.
    public init(chapters: [Chapter], sampleRate: Int) {
        self.chapters = chapters
        self.sampleRate = sampleRate
    }

    /// The chapters of `document` narrated as `sentences` whose places in the audio
    /// (pauses included, without gaps) are `samples`.
    public init(document: Document, sentences: [Sentence], samples: [Range<Int64>], sampleRate: Int) {
        self.sampleRate = sampleRate
        var starts = Self.chapterStarts(document: document, sentences: sentences)
        if starts.first?.index != 0, !sentences.isEmpty {
            let title = document.title.trimmingCharacters(in: .whitespacesAndNewlines)
            starts.insert((0, title.isEmpty ? Self.firstWords(of: sentences[0].text) : title), at: 0)
        }
        let end = samples.last?.upperBound ?? 0
        chapters = starts.enumerated().compactMap { position, start in
            guard start.index < samples.count else { return nil }
            let next =
                position + 1 < starts.count && starts[position + 1].index < samples.count
                ? samples[starts[position + 1].index].lowerBound : end
            // A heading not read (a reference section skipped) takes no time: no chapter.
            guard next > samples[start.index].lowerBound || starts.count == 1 else { return nil }
            return Chapter(title: start.title, sentenceIndex: start.index, startSample: samples[start.index].lowerBound, endSample: next)
        }
    }

    /// The sentences that start a chapter (the first sentence of each heading but the page's
    /// apparatus) with the heading's text.
    public static func chapterStarts(document: Document, sentences: [Sentence]) -> [(index: Int, title: String)] {
        var result: [(index: Int, title: String)] = []
        for (index, sentence) in sentences.enumerated() {
            guard sentence.blockIndex < document.blocks.count else { continue }
            let block = document.blocks[sentence.blockIndex]
            guard block.startsChapter, index == 0 || sentences[index - 1].blockIndex != sentence.blockIndex else { continue }
            let title = block.textWithoutApparatus.split(whereSeparator: \.isNewline).joined(separator: " ")
                .trimmingCharacters(in: .whitespaces)
            result.append((index, title))
        }
        return result
    }

    /// The chapters of the audio from `startSample` on, moved to start at 0: the chapter
    /// playing at `startSample` is cut to start there (`narrate resume`).
    public func starting(at startSample: Int64) -> ChapterList {
        let kept = chapters.filter { $0.endSample > startSample }.map { chapter in
            Chapter(
                title: chapter.title, sentenceIndex: chapter.sentenceIndex,
                startSample: max(0, chapter.startSample - startSample), endSample: chapter.endSample - startSample
            )
        }
        return ChapterList(chapters: kept, sampleRate: sampleRate)
    }

    /// The chapter starts as markers for a WAV file's cue points.
    public var markers: [AudioMarker] {
        chapters.map { AudioMarker(frame: Int($0.startSample), label: $0.title) }
    }

    /// The chapter file formats, by extension.
    public enum Format: String, Sendable, CaseIterable {
        /// Podcasting 2.0 JSON chapters (`.json`).
        case json
        /// FFmpeg ffmetadata (`.txt`), which `ffmpeg -i audio -i chapters.txt -map_metadata 1` adds to a file.
        case ffmetadata = "txt"

        /// The format a path's extension names.
        public init?(path: String) {
            self.init(rawValue: (path as NSString).pathExtension.lowercased())
        }
    }

    /// The Podcasting 2.0 JSON chapters document (version 1.2.0): `startTime` and `endTime`
    /// in seconds, and the title.
    public func podcastJSON() -> String {
        let entries = chapters.map { chapter -> [String: Any] in
            ["startTime": seconds(chapter.startSample), "endTime": seconds(chapter.endSample), "title": chapter.title]
        }
        let document: [String: Any] = ["version": "1.2.0", "chapters": entries]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
        return data.map { String(decoding: $0, as: UTF8.self) + "\n" } ?? ""
    }

    /// The ffmetadata text: one `[CHAPTER]` per chapter in milliseconds, with `=`, `;`, `#`,
    /// `\` and line breaks escaped as FFmpeg requires.
    public func ffmetadata(title: String?) -> String {
        var lines = [";FFMETADATA1"]
        if let title, !title.isEmpty { lines.append("title=\(Self.escape(title))") }
        for chapter in chapters {
            lines += [
                "", "[CHAPTER]", "TIMEBASE=1/1000",
                "START=\(milliseconds(chapter.startSample))", "END=\(milliseconds(chapter.endSample))",
                "title=\(Self.escape(chapter.title))",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the chapter file at `path` (its extension picks the format) through a
    /// temporary file and a rename.
    public func write(to path: String, title: String?) throws(NarrateError) {
        guard let format = Format(path: path) else {
            throw .invalidOption(name: "chapters", message: "chapters \(path): give a .json (Podcasting 2.0) or .txt (ffmetadata) file")
        }
        try OutputFile.write(Array((format == .json ? podcastJSON() : ffmetadata(title: title)).utf8), to: path)
    }

    private func seconds(_ sample: Int64) -> Double {
        (Double(sample) / Double(sampleRate) * 1000).rounded() / 1000
    }

    private func milliseconds(_ sample: Int64) -> Int64 {
        sample * 1000 / Int64(sampleRate)
    }

    private static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            if "=;#\\".contains(character) {
                result += "\\\(character)"
            } else if character.isNewline {
                result += "\\\n"
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static func firstWords(of text: String) -> String {
        text.split(separator: " ").prefix(8).joined(separator: " ")
    }
}
