import Foundation
import NarrateAudio
public import NarrateCore

/// What a long narration has spoken so far, kept chapter by chapter in a folder of its own, so
/// that a render stopped or killed (`kill -9`, a power cut) goes on at the chapter it was in
/// rather than from the start: a 300,000-word book is hours of synthesis.
///
/// While it speaks, every sample also goes into a FLAC file of the chapter (`part-0003.flac`,
/// at the engine's rate: lossless, about half of raw samples); when the next chapter begins,
/// that file is flushed to the disk and put in place, then its sentences' and words' timings
/// (`part-0003.json`), which make the chapter count. A narration that finds chapters kept
/// (same article, same settings: the folder is named by the render's settings hash) plays
/// them into its new output and speaks from the next one on; its audio and timings are those
/// of a narration never stopped. Kept chapters that do not fit (damaged, of another sample
/// rate, not following one another) are dropped, and the narration starts from the start.
/// The folder goes once the render is in place.
public final class NarrationCheckpoint {
    /// The folder the chapters are kept in.
    public let folder: String
    /// The sentences a narration must have to be kept chapter by chapter (about ten minutes of
    /// speech): a shorter one is spoken again in less time than keeping it costs.
    public static let minimumSentences = 200

    private var writer: AudioFileWriter?
    private var parts = 0
    private var sampleRate = 0
    private var engine = ""
    /// The folder, open and locked while this narration keeps it.
    private var held: Int32 = -1

    /// Chapters kept so far (restored or spoken).
    public var keptChapters: Int { parts }

    /// The checkpoint kept in `folder`.
    public init(folder: String) {
        self.folder = folder
    }

    deinit {
        dropUnkept()
        if held >= 0 { close(held) }
    }

    /// Makes the folder and takes it for this narration: false when it cannot be made, or
    /// another narration of the same render keeps it now (that one keeps the chapters; this
    /// one speaks without).
    public func claim() -> Bool {
        guard held < 0 else { return true }
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return false }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return false
        }
        // The folder locked must still be the one at its path: another narration may have
        // removed it between the open and the lock.
        var locked = stat()
        var named = stat()
        guard fstat(descriptor, &locked) == 0, stat(folder, &named) == 0, locked.st_ino == named.st_ino,
            locked.st_dev == named.st_dev
        else {
            close(descriptor)
            return false
        }
        held = descriptor
        return true
    }

    /// One kept chapter's record.
    private struct Record: Codable {
        var sampleRate: Int
        /// The engine that spoke it: another's audio (a worker of another version) is not joined to this one's.
        var engine: String
        /// The size of the chapter's audio file: one cut short says the same length in its header.
        var audioBytes: Int
        var stretch: NarrationStretch
    }

    private func audioPath(_ part: Int) -> String { folder + "/" + String(format: "part-%04d.flac", part) }
    private func recordPath(_ part: Int) -> String { folder + "/" + String(format: "part-%04d.json", part) }

    /// The chapters kept of a narration of `sentenceCount` sentences at `sampleRate`, as one
    /// stretch from its start, when they fit: each ends where a chapter starts (one of
    /// `boundaries`), each follows the one before, and each one's audio is there with its
    /// samples. nil when none is kept; kept ones that do not fit are removed.
    public func restore(sentenceCount: Int, boundaries: Set<Int>, sampleRate: Int, engine: String) -> NarrationStretch? {
        self.sampleRate = sampleRate
        self.engine = engine
        parts = 0
        var restored: NarrationStretch?
        while let data = FileManager.default.contents(atPath: recordPath(parts)) {
            guard let record = try? JSONDecoder().decode(Record.self, from: data), record.sampleRate == sampleRate, record.engine == engine,
                record.stretch.endSentence < sentenceCount, boundaries.contains(record.stretch.endSentence),
                restored.map({ $0.isFollowed(by: record.stretch) })
                    ?? (record.stretch.firstSentence == 0 && record.stretch.startFrame == 0 && record.stretch.isWhole),
                FileContents.size(of: audioPath(parts)) == Int64(record.audioBytes),
                let info = try? AudioFileInfo.read(path: audioPath(parts)), info.sampleRate == sampleRate, info.channels == 1,
                Int(info.frames) == record.stretch.endFrame - record.stretch.startFrame
            else {
                clear()
                return nil
            }
            restored = restored.map { $0.followed(by: record.stretch) } ?? record.stretch
            parts += 1
        }
        return restored
    }

    /// Plays the kept chapters' audio (`restore`'s) into `sink`, in order. One that does not
    /// read back whole is an error, and what was kept is removed (the next narration starts
    /// from the start).
    public func replay(into sink: any AudioSink, isCancelled: () -> Bool = { false }) throws(NarrateError) {
        var buffer: [Int16] = []
        for part in 0..<parts {
            let reader = try AudioFileReader(path: audioPath(part))
            var read = 0
            while true {
                if isCancelled() { throw .interrupted }
                reader.read(AudioFileWriter.bufferFrames, into: &buffer)
                read += buffer.count
                if buffer.isEmpty {
                    guard read == reader.frames else {
                        clear()
                        throw .inputUnavailable(
                            path: audioPath(part), reason: "a kept chapter's audio is damaged; it is removed, render again to start afresh")
                    }
                    break
                }
                do {
                    try buffer.withUnsafeBufferPointer { try sink.write($0) }
                } catch {
                    throw error as? NarrateError ?? .writeFailed(path: folder, reason: "\(error)")
                }
            }
        }
    }

    /// `sink` with every sample written into it kept too, into the chapter being spoken.
    public func keeping(_ sink: any AudioSink) -> any AudioSink {
        sampleRate = sink.sampleRate
        return CheckpointSink(output: sink, checkpoint: self)
    }

    /// Writes `samples` into the chapter being spoken (its file is opened at its first).
    func keep(_ samples: UnsafeBufferPointer<Int16>) throws {
        try chapterWriter().write(samples)
    }

    /// Writes `count` samples of silence into the chapter being spoken.
    func keepSilence(_ count: Int) throws {
        try chapterWriter().writeSilence(samples: count)
    }

    private func chapterWriter() throws(NarrateError) -> AudioFileWriter {
        if let writer { return writer }
        guard claim() else {
            throw .cannotCreateOutput(path: folder, reason: "cannot create the folder a long render keeps its chapters in")
        }
        // The fastest FLAC: kept chapters are read once at most, and are gone once the render is.
        var encoding = AudioEncoding(format: .flac)
        encoding.flacCompression = 0
        let made = try AudioFileWriter(destination: audioPath(parts), sampleRate: sampleRate, encoding: encoding, overwrite: true)
        writer = made
        return made
    }

    /// Keeps the chapter just spoken, `stretch`: its audio put in place, then its record (which
    /// makes it count), each flushed to the disk first.
    public func keep(_ stretch: NarrationStretch) throws(NarrateError) {
        let writer = try chapterWriter()
        guard writer.framesWritten == stretch.endFrame - stretch.startFrame else {
            writer.discard()
            self.writer = nil
            throw .writeFailed(path: folder, reason: "a kept chapter's audio and timings disagree")
        }
        try writer.commit()
        self.writer = nil
        guard let bytes = FileContents.size(of: audioPath(parts)) else {
            throw .writeFailed(path: audioPath(parts), reason: "a kept chapter's audio went missing")
        }
        let data: Data
        do {
            data = try JSONEncoder().encode(Record(sampleRate: sampleRate, engine: engine, audioBytes: Int(bytes), stretch: stretch))
        } catch {
            throw .writeFailed(path: recordPath(parts), reason: "\(error)")
        }
        try OutputFile.write([UInt8](data), to: recordPath(parts))
        parts += 1
    }

    /// Drops the chapter being spoken (a narration stopped or failed): the kept ones stay.
    public func dropUnkept() {
        writer?.discard()
        writer = nil
    }

    /// Removes the folder and all it keeps (the render is in place, or what was kept is of no use).
    public func remove() {
        dropUnkept()
        // Only a folder this narration holds: another's must not go from under it.
        guard held >= 0 else { return }
        try? FileManager.default.removeItem(atPath: folder)
        close(held)
        held = -1
    }

    /// Removes what the folder keeps, keeping the folder and its lock (kept chapters that do
    /// not fit: this narration starts from the start and keeps its own).
    private func clear() {
        dropUnkept()
        parts = 0
        guard held >= 0 else { return }
        for name in DirectoryEntries.names(folder) { unlink(folder + "/" + name) }
    }
}
