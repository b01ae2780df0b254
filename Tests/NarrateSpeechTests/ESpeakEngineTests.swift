import Foundation
import NarrateCore
import Testing

@testable import NarrateSpeech

/// eSpeak NG is process-global, so these tests run one at a time.
@Suite("eSpeak NG engine", .serialized)
struct ESpeakEngineTests {
    func speak(_ text: String, with settings: VoiceSettings = .standard) throws -> (samples: [Int16], events: [SpeechEvent]) {
        let engine = try ESpeakEngine.shared()
        try engine.configure(settings)
        var samples: [Int16] = []
        var events: [SpeechEvent] = []
        try engine.synthesize(text) { chunk in
            samples.append(contentsOf: chunk.samples)
            events.append(contentsOf: chunk.events)
            return true
        }
        return (samples, events)
    }

    @Test func thereIsOneEngineWithEspeakRate() throws {
        let engine = try ESpeakEngine.shared()
        #expect(engine === (try ESpeakEngine.shared()))
        #expect(engine.sampleRate == 22_050)
        #expect(engine.version.hasPrefix("1."))
        #expect(!engine.dataPath.isEmpty)
    }

    @Test func synthesisHandsOverAudioAndWordEvents() throws {
        let text = "Hello there, listener."
        let (samples, events) = try speak(text)
        // About a second of speech, and not silence.
        #expect(samples.count > 11_025)
        #expect(samples.contains { abs(Int($0)) > 1000 })
        let words = events.filter { $0.kind == .word }
        #expect(words.count == 3)
        #expect(words.map(\.textOffset) == [0, 6, 13])
        #expect(words.map(\.sampleOffset) == words.map(\.sampleOffset).sorted())
        #expect(events.contains { $0.kind == .sentence })
    }

    /// A Piper voice asks eSpeak NG for phonemes between syntheses: what it asks leaves no
    /// trace in the word events of the next synthesis.
    @Test func wordEventsAreTheSameAfterPhonemesWereAskedFor() throws {
        let engine = try ESpeakEngine.shared()
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples").path
        var texts = ["The keeper lit the lamp, then left.", "Funding will come from three sources: a state grant of $650,000."]
        for sample in ["en-news.txt", "en-long.txt"] {
            texts += try String(contentsOfFile: "\(samples)/\(sample)", encoding: .utf8).split(separator: "\n").map(String.init).filter {
                !$0.isEmpty
            }.prefix(30)
        }
        for text in texts {
            // As when another thread asks between this one's configuring and speaking.
            try engine.configure(.standard)
            _ = try engine.phonemes(of: text, voice: "en-us")
            var events: [SpeechEvent] = []
            try engine.synthesize("Hello there, listener.") { chunk in
                events.append(contentsOf: chunk.events)
                return true
            }
            let words = events.filter { $0.kind == .word }
            #expect(words.map(\.textOffset) == [0, 6, 13], "after the phonemes of [\(text)]")
        }
    }

    @Test func fasterRateMeansShorterAudio() throws {
        let text = "The river was high after three days of rain in the hills."
        let slow = try speak(text, with: VoiceSettings(voice: "en-us", rate: 120, pitch: 50, volume: 100))
        let fast = try speak(text, with: VoiceSettings(voice: "en-us", rate: 300, pitch: 50, volume: 100))
        #expect(Double(fast.samples.count) < Double(slow.samples.count) * 0.7)
    }

    @Test func volumeZeroIsSilent() throws {
        let (samples, _) = try speak("Quiet please.", with: VoiceSettings(voice: "en-us", rate: 175, pitch: 50, volume: 0))
        #expect(!samples.isEmpty)
        #expect(samples.allSatisfy { abs(Int($0)) < 50 })
    }

    @Test func theReceiverCanStopSynthesis() throws {
        let engine = try ESpeakEngine.shared()
        try engine.configure(.standard)
        var chunks = 0
        try engine.synthesize(String(repeating: "A long sentence that goes on. ", count: 20)) { _ in
            chunks += 1
            return false
        }
        #expect(chunks == 1)
        // The engine is usable afterwards.
        #expect(try speak("Still here.").samples.count > 1000)
    }

    @Test func errorsFromTheReceiverPropagate() throws {
        struct Stop: Error {}
        let engine = try ESpeakEngine.shared()
        try engine.configure(.standard)
        #expect(throws: Stop.self) {
            try engine.synthesize("Some words to speak.") { _ in throw Stop() }
        }
    }

    @Test func ukrainianAndGermanVoicesSpeak() throws {
        let ukrainian = try speak("Добрий день, шановні слухачі.", with: VoiceSettings(voice: "uk", rate: 160, pitch: 50, volume: 100))
        #expect(ukrainian.samples.count > 11_025)
        // Offsets count Unicode scalars, not bytes.
        #expect(ukrainian.events.filter { $0.kind == .word }.map(\.textOffset) == [0, 7, 13, 21])
        let german = try speak("Guten Morgen.", with: VoiceSettings(voice: "de", rate: 160, pitch: 50, volume: 100))
        #expect(german.samples.count > 5_000)
    }

    @Test func theSelectedVoicesLanguageIsToldWithoutTheVoiceList() throws {
        let engine = try ESpeakEngine.shared()
        // A language code, a file, a variant and a name, each as eSpeak NG takes it.
        let cases = [("en-us", "en-us"), ("zle/uk", "uk"), ("de+f3", "de"), ("English (America)", "en-us"), ("uk", "uk")]
        for (voice, language) in cases {
            try engine.configure(VoiceSettings(voice: voice, rate: 175, pitch: 50, volume: 100))
            #expect(engine.language(ofSelectedVoice: voice) == language, "\(voice)")
            // Only for the voice selected now.
            #expect(engine.language(ofSelectedVoice: "pl") == nil)
        }
        // The same after a start afresh (the voice is set again by the file eSpeak NG chose).
        try engine.configure(VoiceSettings(voice: "en-us", rate: 175, pitch: 50, volume: 100))
        _ = try speak("One.", with: VoiceSettings(voice: "en-us", rate: 175, pitch: 50, volume: 100))
        try engine.reset()
        #expect(engine.language(ofSelectedVoice: "en-us") == "en-us")
        try engine.configure(.standard)
    }

    /// A voice file named with capitals (gmw/en-US) is set again after a reset by its open
    /// descriptor, without eSpeak NG listing every voice, and sounds the same sample for sample
    /// as when eSpeak NG found it through the list.
    @Test func aVoiceFileWithCapitalsIsSetAgainWithoutTheVoiceListAndSoundsTheSame() throws {
        let engine = try ESpeakEngine.shared()
        let text = "The lighthouse keeper counted 1,204 steps, at 5 a.m., in the fog."
        func settings(_ voice: String) -> VoiceSettings { VoiceSettings(voice: voice, rate: 175, pitch: 50, volume: 100) }
        // Named so, eSpeak NG finds the file only through its list, every time.
        try engine.reset()
        let listed = try speak(text, with: settings("gmw/en-US"))
        // The language code: listed once in the process, then set by the file kept open.
        try engine.reset()
        _ = try speak(text, with: settings("en-us"))
        try engine.reset()
        let kept = try speak(text, with: settings("en-us"))
        #expect(listed.samples.count > 20_000)
        #expect(kept.samples == listed.samples)
        #expect(kept.events == listed.events)
        #if os(Linux)
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        let targets = descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
        #expect(targets.contains { $0.hasSuffix("/lang/gmw/en-US") }, "\(targets)")
        #endif
        try engine.configure(.standard)
    }

    @Test func unknownVoicesSuggestCloseNames() throws {
        let engine = try ESpeakEngine.shared()
        do {
            try engine.configure(VoiceSettings(voice: "en-uss", rate: 175, pitch: 50, volume: 100))
            Issue.record("expected an unknown-voice error")
        } catch let error as NarrateError {
            guard case .unknownVoice(let name, let suggestions) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(name == "en-uss")
            #expect(suggestions.contains("en-us"))
        }
    }

    /// eSpeak NG answers phonemes in an output buffer of its own, which a start afresh
    /// (unloading the library) would lose: the shim frees it then. The answers are the same
    /// after a start afresh; under AddressSanitizer a lost buffer is a leak reported at exit
    /// and a freed one still in use an error.
    @Test func phonemesAreTheSameAfterAStartAfresh() throws {
        let engine = try ESpeakEngine.shared()
        let text = "The keeper lit the lamp. Then, at dawn, he slept."
        let before = try engine.phonemes(of: text, voice: "en-us")
        #expect(before.map(\.terminator) == [".", ",", ",", "."])
        #expect(before.allSatisfy { !$0.phonemes.isEmpty })
        // Several times, since a pointer left on a stack keeps one lost buffer from being
        // reported; a start afresh happens only after something was synthesized.
        for _ in 0..<4 {
            _ = try speak("One.", with: VoiceSettings(voice: "en-us", rate: 175, pitch: 50, volume: 100))
            try engine.reset()
            #expect(try engine.phonemes(of: text, voice: "en-us") == before)
        }
        try engine.configure(.standard)
    }

    /// eSpeak NG 1.51 never frees the second translator it makes when a word switches
    /// language (Latin-script words in Ukrainian text switch to English: 181 KB with the
    /// English dictionary); a reset unloads the library, which lost it every time.
    @Test(.enabled(if: ESpeakEngineTests.allocationsAreCounted, "libespeak-ng's allocations are counted on Linux only"))
    func aStartAfreshFreesWhatESpeakNGNeverFrees() throws {
        let engine = try ESpeakEngine.shared()
        let ukrainian = VoiceSettings(voice: "uk", rate: 175, pitch: 50, volume: 100)
        // The first start may list every voice to find the file of "uk"; later ones set it
        // by that file.
        _ = try engine.startAfreshHolding(ukrainian)
        let fresh = try engine.startAfreshHolding(ukrainian)
        // Its phoneme tables and the Ukrainian dictionary, at least.
        #expect(fresh > 100_000)
        for _ in 0..<4 {
            _ = try speak("Привіт, це Google і Microsoft.", with: ukrainian)
            let afresh = try engine.startAfreshHolding(ukrainian)
            #expect(afresh == fresh)
        }
        try engine.configure(.standard)
    }

    static var allocationsAreCounted: Bool {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        return true
        #else
        return false
        #endif
    }

    @Test func outOfRangeSettingsAreRejectedBeforeTheEngine() throws {
        let engine = try ESpeakEngine.shared()
        #expect(throws: NarrateError.self) {
            try engine.configure(VoiceSettings(voice: "en-us", rate: 10, pitch: 50, volume: 100))
        }
        #expect(throws: NarrateError.self) {
            try engine.configure(VoiceSettings(voice: "en-us", rate: 175, pitch: 100, volume: 100))
        }
    }

    @Test func statusCodesBecomeMessages() {
        let error = ESpeakEngine.error(0x1000_06FF)
        guard case .engine(let code, let message) = error else {
            Issue.record("expected an engine error")
            return
        }
        #expect(code == 0x1000_06FF)
        #expect(message.lowercased().contains("voice"))
    }

    @Test func voicesAreListedAndFilteredByLanguage() throws {
        let catalog = VoiceCatalog(voices: try ESpeakEngine.shared().voices())
        #expect(catalog.voices.count > 50)
        #expect(!catalog.voices(speaking: "uk").isEmpty)
        #expect(catalog.voices(speaking: "en").allSatisfy { $0.speaks("en") })
        #expect(catalog.voices(speaking: "zz").isEmpty)
        #expect(VoiceCatalog.editDistance("kitten", "sitting") == 3)
    }
}
