import Foundation
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateTestSupport
import Testing

/// `narrate render / play / position / resume` on a library in a scratch directory, with
/// the real engine; playing runs on the null sink with a fast clock.
@Suite("Listening with resume", .endToEnd)
struct ListeningTests {
    let scratch: ScratchDirectory
    let libraryPath: String

    init() throws {
        scratch = try ScratchDirectory()
        libraryPath = "\(scratch.path)/lib/library.sqlite"
    }

    func narrate(_ arguments: [String]) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, directory: scratch.path, environment: ["NARRATE_LIBRARY": libraryPath])
    }

    /// Adds the English news sample (41 sentences, about 4 minutes of audio) as article 1.
    func addNews() async throws {
        let added = try await narrate(["add", NarrateBinary.sample("en-news.txt")])
        #expect(added.status == 0, "\(added.standardError)")
    }

    func library() throws -> ArticleLibrary {
        try ArticleLibrary(location: LibraryLocation(databasePath: libraryPath))
    }

    func position(_ id: Int = 1) async throws -> [String: Any] {
        let run = try await narrate(["position", String(id), "--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    }

    /// Starts narrate in the background; its standard error is collected.
    func start(_ arguments: [String]) async throws -> (Process, Pipe) {
        let error = Pipe()
        return (try await NarrateBinary.start(arguments, environment: ["NARRATE_LIBRARY": libraryPath], standardError: error), error)
    }

    /// Waits until the saved position is at most `sentence` (0-based) or `seconds` pass.
    func waitForPosition(atMost sentence: Int, upTo seconds: Double) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let saved = try library().positions.position(ofArticle: 1), saved.sentence <= sentence { return }
            await pause(0.01)
        }
        Issue.record("the position never went back to sentence \(sentence + 1)")
    }

    /// Waits until the saved position is at least `sentence` (0-based) or `seconds` pass.
    func waitForPosition(atLeast sentence: Int, upTo seconds: Double) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let saved = try library().positions.position(ofArticle: 1), saved.sentence >= sentence { return }
            await pause(0.05)
        }
        Issue.record("the position never reached sentence \(sentence + 1)")
    }

    // MARK: Rendering

    @Test func renderTimingsMatchTheAudioToTheSample() async throws {
        try await addNews()
        let run = try await narrate(["render", "1", "--sync", "news.vtt"])
        #expect(run.status == 0, "\(run.standardError)")
        let render = try #require(try library().renders.renders(ofArticle: 1).first)
        let samples = try library().renders.sentenceSamples(ofRender: render.id)
        #expect(samples.count == 41)
        let reader = try AudioFileReader(path: render.path)
        #expect(Int64(reader.frames) == render.sampleCount)
        // Contiguous and in order, from 0 to the last sample.
        #expect(samples.first?.lowerBound == 0)
        #expect(samples.last?.upperBound == Int64(reader.frames))
        for (earlier, later) in zip(samples, samples.dropFirst()) {
            #expect(earlier.upperBound == later.lowerBound)
            #expect(earlier.lowerBound < earlier.upperBound)
        }
        // Each sentence ends with its pause: the last 300 ms before the next sentence starts
        // (sentence pause 350 ms) are exact silence, and the next one speaks within 200 ms.
        var audio: [Int16] = []
        reader.read(reader.frames, into: &audio)
        let rate = Int64(reader.sampleRate)
        for boundary in samples.dropFirst().map(\.lowerBound) {
            let pause = audio[Int(boundary - rate * 3 / 10)..<Int(boundary)]
            #expect(pause.allSatisfy { $0 == 0 }, "sound in the pause before sample \(boundary)")
            let speech = audio[Int(boundary)..<Int(min(boundary + rate / 5, Int64(audio.count)))]
            #expect(speech.contains { abs(Int($0)) > 500 }, "no speech right after sample \(boundary)")
        }
        let vtt = try String(contentsOfFile: "\(scratch.path)/news.vtt", encoding: .utf8)
        #expect(vtt.hasPrefix("WEBVTT\n\n1\n00:00:00.000 --> "))
        #expect(vtt.components(separatedBy: " --> ").count == 42)
    }

    @Test func theHistoryListsEveryChangeAndRestoreBringsOneBack() async throws {
        try await addNews()
        #expect(try await narrate(["position", "1", "--set", "12"]).status == 0)
        #expect(try await narrate(["position", "1", "--reset"]).status == 0)
        let listed = try await narrate(["position", "1", "--history"])
        #expect(listed.status == 0, "\(listed.standardError)")
        let lines = listed.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("1 ") && lines[1].hasSuffix("reset"))
        #expect(lines[2].hasPrefix("2 ") && lines[2].contains("narrate position") && lines[2].hasSuffix("sentence 12"))
        let restored = try await narrate(["position", "1", "--restore", "2"])
        #expect(restored.status == 0, "\(restored.standardError)")
        await #expect(try position()["sentence"] as? Int == 11)
        let json = try await narrate(["position", "1", "--history", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(entries.count == 3)
        let bad = try await narrate(["position", "1", "--restore", "9"])
        #expect(bad.status == 64)
        #expect(bad.standardError == "narrate: --restore 9: article 1's history has entries 1 to 3\n")
        #expect(try await narrate(["position", "1", "--history", "--reset"]).status == 64)
    }

    /// With eSpeak NG itself: every word it speaks is recorded on a word of the text.
    @Test func aRenderRecordsTheWordsESpeakNGSpeaks() async throws {
        try await addNews()
        #expect(try await narrate(["render", "1"]).status == 0)
        let library = try library()
        let render = try #require(try library.renders.renders(ofArticle: 1).first)
        let words = try library.renders.words(ofRender: render.id)
        let article = try library.articles.article(id: 1)
        #expect(words.count >= article.summary.wordCount * 9 / 10, "\(words.count) of \(article.summary.wordCount)")
        let sentences = try library.articles.sentences(ofArticle: 1)
        let samples = try library.renders.sentenceSamples(ofRender: render.id)
        #expect(Set(words.map(\.sentence)) == Set(sentences.indices))
        for word in words {
            let text = Array(article.document.blocks[sentences[word.sentence].blockIndex].text.unicodeScalars)
            #expect(!String(String.UnicodeScalarView(text[word.textRange])).isEmpty)
            #expect(samples[word.sentence].contains(word.samples.lowerBound))
        }
    }

    @Test func theSameSettingsAreNotSynthesizedTwice() async throws {
        try await addNews()
        let first = try await narrate(["render", "1", "--json"])
        #expect(first.standardOutput.contains("\"source\" : \"synthesized\""), "\(first.standardOutput)")
        let again = try await narrate(["render", "1", "--json"])
        #expect(again.standardOutput.contains("\"source\" : \"cached\""))
        let copy = try await narrate(["render", "1", "-o", "mine.wav", "--json"])
        #expect(copy.standardOutput.contains("\"source\" : \"copied\""))
        #expect(FileManager.default.fileExists(atPath: "\(scratch.path)/mine.wav"))
        // Other settings are another render.
        let faster = try await narrate(["render", "1", "--rate", "220", "--json"])
        #expect(faster.standardOutput.contains("\"source\" : \"synthesized\""))
        // A render whose file was deleted is made again, not played as silence.
        for render in try library().renders.renders(ofArticle: 1) { try FileManager.default.removeItem(atPath: render.path) }
        let redone = try await narrate(["render", "1", "--json"])
        #expect(redone.standardOutput.contains("\"source\" : \"synthesized\""), "\(redone.standardOutput)")
    }

    // MARK: Playing

    @Test func ctrlCSavesThePositionAndTheNextPlayStartsThere() async throws {
        try await addNews()
        _ = try await narrate(["render", "1"])
        // At ten times real time the article lasts about 24 s: a loaded machine's poll still
        // stops it long before its end.
        let (process, error) = try await start(["play", "1", "--sink", "null", "--speed", "10"])
        try await waitForPosition(atLeast: 5, upTo: 60)
        process.interrupt()
        await process.exited()
        let message = await error.remainingText()
        #expect(process.terminationStatus == 130, "\(message)")
        let saved = try #require(try library().positions.position(ofArticle: 1))
        #expect(saved.sentence >= 5 && !saved.finished)
        #expect(message.contains("stopped at sentence \(saved.sentence + 1) of 41"), "\(message)")
        // The next play starts at that sentence; --rewind goes back from it.
        // At half the first play's clock a sentence lasts about a second, so a loaded
        // machine still sees the position where the play starts before it moves on.
        let (next, nextError) = try await start(["play", "1", "--sink", "null", "--speed", "5", "--rewind", "2"])
        // Playing has started once the position moved back to where it starts.
        try await waitForPosition(atMost: saved.sentence - 2, upTo: 20)
        next.interrupt()
        await next.exited()
        let nextMessage = await nextError.remainingText()
        #expect(nextMessage.contains("from sentence \(saved.sentence - 1) of 41"), "\(nextMessage)")
    }

    /// SIGTERM (kill, a service manager) and SIGHUP (the terminal closed, an SSH session
    /// dropped) save the position like Ctrl-C.
    @Test(arguments: [SIGTERM, SIGHUP])
    func terminationAndHangUpSaveThePositionToo(_ signal: Int32) async throws {
        try await addNews()
        _ = try await narrate(["render", "1"])
        let (process, error) = try await start(["play", "1", "--sink", "null", "--speed", "10"])
        try await waitForPosition(atLeast: 3, upTo: 60)
        kill(process.processIdentifier, signal)
        await process.exited()
        let message = await error.remainingText()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130, "\(message)")
        let saved = try #require(try library().positions.position(ofArticle: 1))
        #expect(saved.sentence >= 3 && !saved.finished)
        #expect(message.contains("stopped at sentence \(saved.sentence + 1) of 41"), "\(message)")
    }

    @Test func afterKill9ThePositionIsAtMostOneSentenceBehind() async throws {
        try await addNews()
        _ = try await narrate(["render", "1"])
        let (process, _) = try await start(["play", "1", "--sink", "null", "--speed", "20"])
        // Sentence k is playing once its position is saved; kill at once.
        try await waitForPosition(atLeast: 5, upTo: 30)
        // Stopped, it cannot move on while the test reads where it is, however loaded the machine.
        kill(process.processIdentifier, SIGSTOP)
        let playing = try #require(try library().positions.position(ofArticle: 1)).sentence
        kill(process.processIdentifier, SIGKILL)
        await process.exited()
        #expect(process.terminationReason == .uncaughtSignal)
        let saved = try #require(try library().positions.position(ofArticle: 1))
        // A position being written when it stopped may land after the read: one sentence on.
        #expect(saved.sentence >= playing && saved.sentence <= playing + 1, "saw \(playing), saved \(saved.sentence)")
        #expect(!saved.finished)
    }

    @Test func twoArticlesPlayAtOnceInTwoProcesses() async throws {
        try await addNews()
        #expect(try await narrate(["add", NarrateBinary.sample("uk-news.txt")]).status == 0)
        let one = try await start(["play", "1", "--sink", "null", "--speed", "400"])
        let two = try await start(["play", "2", "--sink", "null", "--speed", "400"])
        for (process, _) in [one, two] { await process.exited() }
        #expect(one.0.terminationStatus == 0 && two.0.terminationStatus == 0)
        await #expect(try position(1)["finished"] as? Bool == true)
        await #expect(try position(2)["finished"] as? Bool == true)
        let list = try await narrate(["list", "--finished", "--json"])
        #expect(list.standardOutput.contains("\"finished\" : true"))
        #expect(try await narrate(["list", "--unfinished"]).standardOutput.split(separator: "\n").count == 1)
    }

    @Test func theStdoutSinkIsAnAUStreamAndAClosedPipeSavesThePosition() async throws {
        try await addNews()
        _ = try await narrate(["render", "1"])
        try library().positions.savePosition(articleId: 1, sentence: 10, finished: false)
        // `head` takes the header and a little audio, then closes the pipe.
        let run = try await NarrateBinary.run(
            ["-c", "'\(NarrateBinary.path)' play 1 --sink stdout --speed 20 | head -c 4096 | od -An -c | head -1"],
            executable: "/bin/sh", environment: ["NARRATE_LIBRARY": libraryPath]
        )
        #expect(run.standardOutput.contains(".   s   n   d"), "\(run.standardOutput) \(run.standardError)")
        let saved = try #require(try library().positions.position(ofArticle: 1))
        #expect(saved.sentence == 10)
    }

    @Test func withoutASoundCardAutoSaysWhichSinksExist() async throws {
        try await addNews()
        let run = try await narrate(["play", "1", "--sink", "device"])
        // On a machine with a sound card this plays; here (CI) there is none.
        if run.status != 0 {
            #expect(run.status == 69)
            #expect(run.errorLines.count == 1, "\(run.standardError)")
            #expect(run.standardError.contains("use --sink stdout") && run.standardError.contains("--sink null"))
        }
    }

    // MARK: Positions

    @Test func positionsCanBeSetAndOutOfRangeValuesChangeNothing() async throws {
        try await addNews()
        _ = try await narrate(["render", "1"])
        #expect(try await narrate(["position", "1", "--set", "12"]).status == 0)
        var report = try await position()
        #expect(report["sentence"] as? Int == 11)
        #expect(report["sentenceCount"] as? Int == 41)
        #expect(report["measured"] as? Bool == true)
        for bad in [["--set", "0"], ["--set", "42"], ["--at", "99:00"], ["--at", "soon"]] {
            let run = try await narrate(["position", "1"] + bad)
            #expect(run.status == 64, "\(bad): \(run.standardError)")
            #expect(run.errorLines.count == 1)
            await #expect(try position()["sentence"] as? Int == 11, "\(bad) changed the position")
        }
        #expect(try await narrate(["position", "1", "--at", "1:00"]).status == 0)
        report = try await position()
        let seconds = try #require(report["seconds"] as? Double)
        #expect(seconds <= 60 && seconds > 45, "\(seconds)")
        #expect(try await narrate(["position", "1", "--finished"]).status == 0)
        await #expect(try position()["finished"] as? Bool == true)
        await #expect(try position()["percent"] as? Double == 100)
        #expect(try await narrate(["position", "1", "--reset"]).status == 0)
        await #expect(try position()["sentence"] as? Int == 0)
        #expect(try await narrate(["position", "7"]).status == 66)
    }

    @Test func resumeWritesTheRestFromTheSavedPosition() async throws {
        try await addNews()
        _ = try await narrate(["render", "1"])
        try library().positions.savePosition(articleId: 1, sentence: 30, finished: false)
        let run = try await narrate(["resume", "1", "-o", "rest.wav", "--sync", "rest.json"])
        #expect(run.status == 0, "\(run.standardError)")
        let render = try #require(try library().renders.renders(ofArticle: 1).first)
        let samples = try library().renders.sentenceSamples(ofRender: render.id)
        let rest = try AudioFileReader(path: "\(scratch.path)/rest.wav")
        #expect(Int64(rest.frames) == render.sampleCount - samples[30].lowerBound)
        let sync = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/rest.json")))
                as? [String: Any]
        )
        let fragments = try #require(sync["fragments"] as? [[String: Any]])
        #expect(fragments.count == 11)
        #expect(fragments.first?["begin"] as? String == "0.000")
        #expect(fragments.first?["id"] as? String == "f000001")
    }

    @Test func removingAnArticleDeletesTheLibrarysAudioButNotTheUsers() async throws {
        try await addNews()
        _ = try await narrate(["render", "1"])
        _ = try await narrate(["render", "1", "-o", "mine.wav"])
        let owned = try #require(try library().renders.renders(ofArticle: 1).first { $0.ownedByLibrary }?.path)
        let run = try await narrate(["rm", "1"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("deleted \(owned)"))
        #expect(!FileManager.default.fileExists(atPath: owned))
        #expect(FileManager.default.fileExists(atPath: "\(scratch.path)/mine.wav"))
    }
}
