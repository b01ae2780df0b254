import Foundation
import NarrateCore
import Testing

@testable import NarratePiper

@Suite("The Piper voice catalogue `narrate voices add` reads")
struct PiperVoiceCatalogueTests {
    static func voice(_ key: String, folder: String, aliases: [String] = [], files: [String]? = nil) -> String {
        let names = files ?? ["\(folder)/\(key).onnx", "\(folder)/\(key).onnx.json", "\(folder)/MODEL_CARD"]
        let listed = names.enumerated().map {
            #""\#($1)": {"size_bytes": \#(100 + $0), "md5_digest": "\#(String(repeating: "ab", count: 16))"}"#
        }
        let code = key.split(separator: "-")[0]
        return
            #""\#(key)": {"key": "\#(key)", "language": {"code": "\#(code)"}, "quality": "medium", "aliases": \#(aliases), "files": {\#(listed.joined(separator: ", "))}}"#
    }

    static let address = "https://voices.example/piper/v1/voices.json"

    static func catalogue(_ voices: [String]) throws -> PiperVoiceCatalogue {
        try PiperVoiceCatalogue(bytes: Array("{\(voices.joined(separator: ", "))}".utf8), address: address)
    }

    @Test func voicesAreReadWithTheirFilesSizesAndDigests() throws {
        let catalogue = try Self.catalogue([
            Self.voice("en_US-joe-medium", folder: "en/en_US/joe/medium", aliases: ["joe-old"]),
            Self.voice("uk_UA-ukrainian_tts-medium", folder: "uk/uk_UA/ukrainian_tts/medium"),
        ])
        #expect(catalogue.entries.map(\.name) == ["en_US-joe-medium", "uk_UA-ukrainian_tts-medium"])
        let joe = try #require(catalogue.entries.first)
        #expect(joe.language == "en-us" && joe.quality == "medium" && joe.aliases == ["joe-old"])
        #expect(joe.model?.path == "en/en_US/joe/medium/en_US-joe-medium.onnx")
        #expect(joe.config?.name == "en_US-joe-medium.onnx.json")
        #expect(joe.files.count == 3 && joe.size == 303)
        #expect(joe.model?.md5 == String(repeating: "ab", count: 16))
        #expect(
            catalogue.address(of: try #require(joe.model)) == "https://voices.example/piper/v1/en/en_US/joe/medium/en_US-joe-medium.onnx")
    }

    /// Paths that would leave the catalogue's folder, names that are no file's, voices without
    /// a model or a configuration, files without a digest: left out.
    @Test func whatCannotBeInstalledSafelyIsLeftOut() throws {
        let catalogue = try Self.catalogue([
            Self.voice("en_US-joe-medium", folder: "en"),
            Self.voice("en_US-up-medium", folder: "../../elsewhere"),
            Self.voice("en_US-rooted-medium", folder: "/etc"),
            Self.voice(".hidden", folder: "en"),
            Self.voice("en_US-nomodel-medium", folder: "en", files: ["en/en_US-nomodel-medium.onnx.json"]),
            Self.voice("en_US-other-medium", folder: "en", files: ["en/other.onnx", "en/other.onnx.json"]),
            #""en_US-nodigest-low": {"files": {"a/en_US-nodigest-low.onnx": {"size_bytes": 1}, "a/en_US-nodigest-low.onnx.json": {"size_bytes": 1}}}"#,
            Self.voice("en_US-doubled-medium", folder: "en//x"),
            Self.voice("en_US-dot-medium", folder: "en/./x"),
            Self.voice(
                "en_US-extra-medium", folder: "en",
                files: ["en/en_US-extra-medium.onnx", "en/en_US-extra-medium.onnx.json", "", "en/", "en/.git/config", "./x"]),
        ])
        #expect(catalogue.entries.map(\.name) == ["en_US-extra-medium", "en_US-joe-medium"])
        // A voice keeps only the files that stay below the catalogue (an empty path would be the catalogue itself).
        #expect(catalogue.entries.first?.files.map(\.path) == ["en/en_US-extra-medium.onnx", "en/en_US-extra-medium.onnx.json"])
        // A path that looks like an address stays a path under the catalogue.
        let odd = PiperVoiceCatalogue.File(path: "http:evil.example/x.onnx", size: 1, md5: "")
        #expect(catalogue.address(of: odd).hasPrefix("https://voices.example/piper/v1/"))
    }

    @Test func aVoiceIsFoundByNameAliasOrUnambiguousPart() throws {
        let catalogue = try Self.catalogue([
            Self.voice("en_US-joe-medium", folder: "en", aliases: ["joe-old"]),
            Self.voice("en_US-lessac-medium", folder: "en"),
            Self.voice("en_US-lessac-high", folder: "en"),
        ])
        #expect(try catalogue.entry(named: "en_US-joe-medium").name == "en_US-joe-medium")
        #expect(try catalogue.entry(named: "PIPER:EN_US-JOE-MEDIUM").name == "en_US-joe-medium")
        #expect(try catalogue.entry(named: "joe-old").name == "en_US-joe-medium")
        #expect(try catalogue.entry(named: "joe").name == "en_US-joe-medium")
        #expect(
            throws: NarrateError.invalidOption(
                name: "voice",
                message:
                    "'lessac' names 2 voices in the voice catalogue \(Self.address): 'en_US-lessac-high', 'en_US-lessac-medium'; say which"
            )
        ) { try catalogue.entry(named: "lessac") }
        #expect(
            throws: NarrateError.invalidOption(
                name: "voice",
                message:
                    "no voice 'en_US-lesac-high' in the voice catalogue \(Self.address); did you mean 'en_US-lessac-high', 'en_US-lessac-medium', 'en_US-joe-medium'?"
            )
        ) { try catalogue.entry(named: "en_US-lesac-high") }
    }

    @Test func whatIsNoCatalogueIsOneLine() {
        for text in ["<html>", "[]", #"{"a": {"files": {}}}"#] {
            #expect(throws: NarrateError.self) { try PiperVoiceCatalogue(bytes: Array(text.utf8), address: Self.address) }
            do {
                _ = try PiperVoiceCatalogue(bytes: Array(text.utf8), address: Self.address)
            } catch {
                #expect({ if case .malformedInput = error { true } else { false } }(), "\(error)")
                #expect(error.description.hasPrefix("\(Self.address): not a Piper voice catalogue"), "\(error)")
            }
        }
        #expect(throws: Never.self) { try PiperVoiceCatalogue(bytes: Array("{}".utf8), address: Self.address) }
    }

    /// The outer fields of an ONNX model: whole, it is one; cut short or text, it is not.
    @Test func aModelIsToldFromWhatIsNot() throws {
        // ModelProto { ir_version = 1: 8; graph = 7: GraphProto { name = 2: "g" } }
        let model: [UInt8] = [0x08, 0x08, 0x3A, 0x03, 0x12, 0x01, 0x67]
        #expect(DurationOutput.isModel(model))
        #expect(!DurationOutput.isModel(Array(model.dropLast())))
        #expect(!DurationOutput.isModel(Array("not a model\n".utf8)))
        #expect(!DurationOutput.isModel([0x08, 0x08]))
    }
}
