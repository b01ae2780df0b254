import Foundation
public import NarrateAudio
public import NarrateCore

/// Writes one narration as a numbered set of files (`NAME-01.EXT`, `NAME-02.EXT`, …), a new
/// file at every chapter or after every N minutes, always between sentences.
///
/// Every part is written through its own temporary file; `commit()` renames them all only
/// when the narration is complete (numbered with as many digits as the count needs), and
/// `discard()` removes them all, so an interrupted split leaves nothing behind.
public final class SplitAudioWriter: AudioSink {
    /// Where the set is cut.
    public enum Rule: Sendable, Equatable {
        /// At each heading.
        case chapters
        /// At the first sentence boundary once a part is this many minutes long.
        case minutes(Double)

        /// Parses `chapters` or `minutes:N`.
        public init?(_ text: String) {
            if text == "chapters" {
                self = .chapters
            } else if text.hasPrefix("minutes:"), let minutes = Double(text.dropFirst("minutes:".count)),
                minutes.isFinite, minutes > 0
            {
                self = .minutes(minutes)
            } else {
                return nil
            }
        }
    }

    /// The path the parts are named after (`book.mp3` → `book-01.mp3`).
    public let destination: String
    /// Samples per second going in.
    public let sampleRate: Int
    /// Where a new part starts.
    public let rule: Rule
    /// The frame (at `sampleRate`) each part starts at.
    public private(set) var partStarts: [Int] = []

    private let chapterStarts: Set<Int>
    private let makeWriter: (_ temporaryName: String, _ part: Int) throws(NarrateError) -> AudioFileWriter
    private var parts: [AudioFileWriter] = []
    private var frame = 0

    /// Creates a split writer; `chapterStarts` are the sentence indexes that start a chapter
    /// (`ChapterList.chapterStarts`); `tags` go into every part with its number as track.
    public init(
        destination: String, sampleRate: Int, encoding: AudioEncoding, tags: AudioTags, overwrite: Bool,
        rule: Rule, chapterStarts: [Int]
    ) {
        self.destination = destination
        self.sampleRate = sampleRate
        self.rule = rule
        self.chapterStarts = Set(chapterStarts)
        makeWriter = { temporaryName, part throws(NarrateError) in
            var partTags = tags
            partTags.trackNumber = String(part)
            return try AudioFileWriter(
                destination: temporaryName, sampleRate: sampleRate, encoding: encoding, tags: partTags, overwrite: overwrite
            )
        }
    }

    /// The files written so far.
    public var partCount: Int { parts.count }

    /// Called before sentence `index` is spoken: starts the next part when the rule says so
    /// (and always before the first sentence).
    public func sentenceStarting(_ index: Int) throws(NarrateError) {
        let startsPart: Bool
        if parts.isEmpty {
            startsPart = true
        } else if frame == partStarts[partStarts.count - 1] {
            startsPart = false
        } else {
            switch rule {
            case .chapters: startsPart = chapterStarts.contains(index)
            case .minutes(let minutes): startsPart = Double(frame - partStarts[partStarts.count - 1]) >= minutes * 60 * Double(sampleRate)
            }
        }
        guard startsPart else { return }
        if let last = parts.last { try last.flush() }
        do {
            parts.append(try makeWriter(partPath(parts.count + 1, digits: 3), parts.count + 1))
        } catch {
            // Name the path the user gave, not the part's provisional name.
            if case .cannotCreateOutput(_, let reason) = error { throw .cannotCreateOutput(path: destination, reason: reason) }
            throw error
        }
        partStarts.append(frame)
    }

    /// Appends samples to the current part.
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        if parts.isEmpty { try sentenceStarting(0) }
        try parts[parts.count - 1].write(samples)
        frame += samples.count
    }

    /// Appends silence to the current part.
    public func writeSilence(samples count: Int) throws {
        if parts.isEmpty { try sentenceStarting(0) }
        try parts[parts.count - 1].writeSilence(samples: count)
        frame += count
    }

    /// Finishes every part and moves it to its numbered name; returns the paths in order.
    /// Should one fail, the parts already moved are removed again and the rest discarded.
    @discardableResult
    public func commit() throws(NarrateError) -> [String] {
        let digits = max(2, String(parts.count).count)
        var committed: [String] = []
        for (index, part) in parts.enumerated() {
            let path = partPath(index + 1, digits: digits)
            do {
                try part.commit(as: path)
            } catch {
                for path in committed { unlink(path) }
                for rest in parts[(index + 1)...] { rest.discard() }
                throw error
            }
            committed.append(path)
        }
        return committed
    }

    /// Removes every part's temporary file.
    public func discard() {
        for part in parts { part.discard() }
    }

    /// The path of part `number`: the destination with `-NN` before its extension.
    public func partPath(_ number: Int, digits: Int) -> String {
        let text = String(number)
        let padded = String(repeating: "0", count: max(0, digits - text.count)) + text
        let pathExtension = (destination as NSString).pathExtension
        let stem = pathExtension.isEmpty ? destination : String(destination.dropLast(pathExtension.count + 1))
        return pathExtension.isEmpty ? "\(stem)-\(padded)" : "\(stem)-\(padded).\(pathExtension)"
    }
}
