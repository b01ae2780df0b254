import Foundation
import NarrateAudio
import NarrateCore
import NarrateRendering
import NarrateTestSupport
import NarrateText
import Testing

@Suite("Chapters and split sets")
struct ChapterTests {
    /// An intro paragraph, then two headed sections.
    let document = Document(
        title: "Notes = a; test #1",
        blocks: [
            Block(kind: .paragraph, text: "Intro one. Intro two.", sourceMap: .identity(sourceOffset: 0, length: 21)),
            Block(kind: .heading(level: 2), text: "First part", sourceMap: .identity(sourceOffset: 23, length: 10)),
            Block(kind: .paragraph, text: "Alpha. Beta.", sourceMap: .identity(sourceOffset: 35, length: 12)),
            Block(kind: .heading(level: 2), text: "Second part", sourceMap: .identity(sourceOffset: 49, length: 11)),
            Block(kind: .paragraph, text: "Gamma.", sourceMap: .identity(sourceOffset: 62, length: 6)),
        ],
        format: .markdown
    )

    func narrate(into sink: any AudioSink, beforeSentence: (Int) throws -> Void = { _ in }) throws -> NarrationSummary {
        try Narrator(engine: FakeEngine()).narrate(
            document, voice: .standard, pauses: PauseSettings(sentence: 300, paragraph: 700, heading: 900), into: sink,
            beforeSentence: beforeSentence
        )
    }

    @Test func headingsStartChaptersAndTheOpeningIsNamedAfterTheArticle() throws {
        let summary = try narrate(into: RecordingSink())
        let samples = summary.sentenceSamples.map { Int64($0.lowerBound)..<Int64($0.upperBound) }
        let list = ChapterList(document: document, sentences: summary.sentences, samples: samples, sampleRate: 1_000)
        #expect(list.chapters.map(\.title) == ["Notes = a; test #1", "First part", "Second part"])
        #expect(list.chapters.map(\.sentenceIndex) == [0, 2, 5])
        #expect(list.chapters.map(\.startSample) == [0, samples[2].lowerBound, samples[5].lowerBound])
        // Each ends where the next starts; the last at the end of the audio.
        #expect(list.chapters.map(\.endSample) == [samples[2].lowerBound, samples[5].lowerBound, Int64(summary.frameCount)])
        #expect(list.markers.map(\.label) == ["Notes = a; test #1", "First part", "Second part"])
    }

    @Test func chapterFilesInPodcastingJSONAndFFmetadata() throws {
        let list = ChapterList(
            chapters: [
                .init(title: "Opening", sentenceIndex: 0, startSample: 0, endSample: 1_500),
                .init(title: "Part = two; #2\\end", sentenceIndex: 3, startSample: 1_500, endSample: 4_000),
            ], sampleRate: 1_000)
        let json = try JSONSerialization.jsonObject(with: Data(list.podcastJSON().utf8)) as! [String: Any]
        #expect(json["version"] as? String == "1.2.0")
        let chapters = json["chapters"] as! [[String: Any]]
        #expect(chapters.map { $0["title"] as? String } == ["Opening", "Part = two; #2\\end"])
        #expect(chapters.map { $0["startTime"] as? Double } == [0, 1.5])
        #expect(chapters.map { $0["endTime"] as? Double } == [1.5, 4])
        let text = list.ffmetadata(title: "A=B")
        #expect(text.hasPrefix(";FFMETADATA1\ntitle=A\\=B\n"))
        #expect(text.contains("[CHAPTER]\nTIMEBASE=1/1000\nSTART=1500\nEND=4000\ntitle=Part \\= two\\; \\#2\\\\end\n"))
    }

    @Test func resumingCutsTheChapterInProgress() {
        let list = ChapterList(
            chapters: [
                .init(title: "A", sentenceIndex: 0, startSample: 0, endSample: 1_000),
                .init(title: "B", sentenceIndex: 4, startSample: 1_000, endSample: 3_000),
                .init(title: "C", sentenceIndex: 9, startSample: 3_000, endSample: 5_000),
            ], sampleRate: 1_000)
        let rest = list.starting(at: 2_000)
        #expect(rest.chapters.map(\.title) == ["B", "C"])
        #expect(rest.chapters.map(\.startSample) == [0, 1_000])
        #expect(rest.chapters.map(\.endSample) == [1_000, 3_000])
    }

    func splitDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "narrate-split-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aChapterSplitCutsAtEachHeadingAndAddsUpToTheWhole() throws {
        let directory = try splitDirectory()
        let whole = try narrate(into: RecordingSink())
        let starts = ChapterList.chapterStarts(document: document, sentences: whole.sentences).map(\.index)
        let writer = SplitAudioWriter(
            destination: "\(directory)/notes.flac", sampleRate: 1_000, encoding: AudioEncoding(format: .flac),
            tags: AudioTags(title: "Notes"), overwrite: false, rule: .chapters, chapterStarts: starts
        )
        let summary = try narrate(into: writer) { try writer.sentenceStarting($0) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).allSatisfy { $0.hasSuffix(".tmp") })
        let paths = try writer.commit()
        #expect(paths == ["01", "02", "03"].map { "\(directory)/notes-\($0).flac" })
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["notes-01.flac", "notes-02.flac", "notes-03.flac"])
        let frames = try paths.map { try AudioFileInfo.read(path: $0).frames }
        #expect(frames.reduce(0, +) == summary.frameCount)
        // Each part starts with its chapter's first sentence.
        let samples = summary.sentenceSamples
        #expect(writer.partStarts == [0, samples[2].lowerBound, samples[5].lowerBound])
        #expect(try paths.map { try AudioFileInfo.read(path: $0).tags.trackNumber } == ["1", "2", "3"])
    }

    @Test func aMinuteSplitCutsBetweenSentencesOnceAPartIsLongEnough() throws {
        let directory = try splitDirectory()
        // At the fake engine's 1,000 Hz, 0.05 minutes is 3,000 samples.
        let writer = SplitAudioWriter(
            destination: "\(directory)/notes.wav", sampleRate: 1_000, encoding: .wav, tags: AudioTags(), overwrite: false,
            rule: .minutes(0.05), chapterStarts: []
        )
        let summary = try narrate(into: writer) { try writer.sentenceStarting($0) }
        let paths = try writer.commit()
        let sentenceStarts = Set(summary.sentenceSamples.map(\.lowerBound))
        #expect(paths.count >= 2)
        #expect(writer.partStarts.allSatisfy { sentenceStarts.contains($0) })
        for (index, start) in writer.partStarts.enumerated().dropFirst() {
            // A part ends at the first sentence boundary at or past 3,000 samples.
            let previous = writer.partStarts[index - 1]
            #expect(start - previous >= 3_000)
            #expect(!sentenceStarts.contains { $0 > previous && $0 < start && $0 - previous >= 3_000 })
        }
        #expect(try paths.map { try AudioFileInfo.read(path: $0).frames }.reduce(0, +) == summary.frameCount)
    }

    @Test func aFailedSplitLeavesNothing() throws {
        let directory = try splitDirectory()
        let writer = SplitAudioWriter(
            destination: "\(directory)/notes.ogg", sampleRate: 1_000, encoding: AudioEncoding(format: .ogg), tags: AudioTags(),
            overwrite: false, rule: .chapters, chapterStarts: [2, 5]
        )
        _ = try narrate(into: writer) { try writer.sentenceStarting($0) }
        writer.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func splitRulesParse() {
        #expect(SplitAudioWriter.Rule("chapters") == .chapters)
        #expect(SplitAudioWriter.Rule("minutes:30") == .minutes(30))
        #expect(SplitAudioWriter.Rule("minutes:0") == nil)
        #expect(SplitAudioWriter.Rule("minutes:x") == nil)
        #expect(SplitAudioWriter.Rule("hours:1") == nil)
    }
}
