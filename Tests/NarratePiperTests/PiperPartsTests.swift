import Foundation
import NarrateCore
import NarrateSpeech
import Testing

@testable import NarratePiper

@Suite("Piper voices' parts: configuration, phoneme ids, the durations output")
struct PiperPartsTests {
    static let config = """
        {"audio": {"sample_rate": 22050, "quality": "medium"}, "espeak": {"voice": "en-us"}, "phoneme_type": "espeak",
         "inference": {"noise_scale": 0.5, "length_scale": 1.2, "noise_w": 0.7},
         "phoneme_id_map": {"_": [0], "^": [1], "$": [2], " ": [3], ",": [4], ".": [5], "h": [6], "ə": [7], "l": [8], "ˈ": [9], "o": [10],
                            "ʊ": [11], "w": [12], "ɜ": [13], "ː": [14], "d": [15]},
         "language": {"code": "en_US"}}
        """

    @Test func aVoicesConfigurationIsRead() throws {
        let config = try PiperVoiceConfig(bytes: Array(Self.config.utf8), path: "v.onnx.json")
        #expect(config.sampleRate == 22_050)
        #expect(config.espeakVoice == "en-us")
        #expect(config.noiseScale == 0.5 && config.lengthScale == 1.2 && config.noiseWidth == 0.7)
        #expect(config.phonemeIds["ə"] == [7])
        #expect(config.hopLength == 256)
        #expect(config.language == "en_US")
    }

    @Test func aConfigurationThatIsNoPiperVoicesIsOneLine() {
        let cases: [(String, String)] = [
            ("[]", "not a Piper voice's configuration"),
            (#"{"audio": {"sample_rate": 22050}, "espeak": {"voice": "en-us"}}"#, "without phoneme_id_map"),
            (#"{"audio": {"sample_rate": 22050}, "espeak": {"voice": "en-us"}, "phoneme_id_map": {"a": [4]}}"#, #"has no "^", "$", "_""#),
            (
                #"{"audio": {"sample_rate": 1}, "espeak": {"voice": "en-us"}, "phoneme_id_map": {"_": [0], "^": [1], "$": [2]}}"#,
                "sample_rate"
            ),
            (#"{"audio": {"sample_rate": 22050}, "phoneme_id_map": {"_": [0], "^": [1], "$": [2]}}"#, "espeak.voice"),
            (
                #"{"audio": {"sample_rate": 22050}, "espeak": {"voice": "x"}, "phoneme_type": "text", "phoneme_id_map": {"_": [0], "^": [1], "$": [2]}}"#,
                "phoneme_type"
            ),
        ]
        for (json, words) in cases {
            do {
                _ = try PiperVoiceConfig(bytes: Array(json.utf8), path: "v.onnx.json")
                Issue.record("read: \(json)")
            } catch {
                #expect({ if case .malformedInput = error { true } else { false } }(), "\(error)")
                #expect(error.description.contains(words), "\(error)")
            }
        }
    }

    @Test func phonemesBecomeIdsWithPadsBetweenAndThePunctuation() throws {
        let config = try PiperVoiceConfig(bytes: Array(Self.config.utf8), path: "v.onnx.json")
        let clauses = [
            ESpeakEngine.PhonemeClause(phonemes: "həlˈoʊ", terminator: ","),
            ESpeakEngine.PhonemeClause(phonemes: "wˈɜːld ø", terminator: "."),
        ]
        let sequence = PhonemeSequence(clauses: clauses, config: config)
        // ^ _ h _ ə _ l _ ˈ _ o _ ʊ _ , _ (space) _ w _ ˈ _ ɜ _ ː _ l _ d _ (space) _ . _ $
        #expect(
            sequence.ids == [1, 0, 6, 0, 7, 0, 8, 0, 9, 0, 10, 0, 11, 0, 4, 0, 3, 0, 12, 0, 9, 0, 13, 0, 14, 0, 8, 0, 15, 0, 3, 0, 5, 0, 2])
        // "ø" is no phoneme of the voice: left out, counted.
        #expect(sequence.skipped == 1)
        #expect(sequence.wordStarts == [2, 18])
        #expect(sequence.hasPhonemes)
    }

    /// A model's bytes as ONNX writes them: the graph (field 7) holding nodes (field 1) with
    /// their outputs (2) and operation (4), and the graph's outputs (12).
    static func model(nodes: [(operation: String, output: String)]) -> [UInt8] {
        func field(_ number: UInt8, _ bytes: [UInt8]) -> [UInt8] { [number << 3 | 2] + DurationOutput.varint(bytes.count) + bytes }
        let graph =
            nodes.flatMap { node in field(1, field(2, Array(node.output.utf8)) + field(4, Array(node.operation.utf8))) }
            + field(12, field(1, Array("output".utf8)))
        return [0x08, 0x08] + field(7, graph) + [0x42, 0x02, 0x10, 0x0F]
    }

    @Test func theDurationsAreAddedAsAnOutputOfAModelWithOneCeil() throws {
        let bytes = Self.model(nodes: [("Mul", "/Mul_1_output_0"), ("Ceil", "/Ceil_output_0"), ("ReduceSum", "/ReduceSum_output_0")])
        let (patched, output) = try #require(DurationOutput.adding(to: bytes))
        #expect(output == "/Ceil_output_0")
        #expect(patched.count == bytes.count + 18)
        // The graph now ends with the new output, and what followed the graph is kept.
        var reader = DurationOutput.FieldReader(bytes: patched[...])
        var numbers: [UInt64] = []
        while let field = reader.next() { numbers.append(field.number) }
        #expect(reader.isValid)
        #expect(numbers == [1, 7, 8])
        #expect(Array(patched.suffix(4)) == [0x42, 0x02, 0x10, 0x0F])
        #expect(String(decoding: patched.suffix(4 + 14), as: UTF8.self).hasPrefix("/Ceil_output_0"))
    }

    @Test func aModelWithoutOneCeilOrNoModelAtAllIsLeftAsItIs() {
        #expect(DurationOutput.adding(to: Self.model(nodes: [("Mul", "a")])) == nil)
        #expect(DurationOutput.adding(to: Self.model(nodes: [("Ceil", "a"), ("Ceil", "b")])) == nil)
        #expect(DurationOutput.adding(to: Array("not a model at all".utf8)) == nil)
        #expect(DurationOutput.adding(to: [0x3A, 0xFF, 0xFF, 0xFF, 0x7F]) == nil)
        #expect(DurationOutput.adding(to: []) == nil)
    }
}
