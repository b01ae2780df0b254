import Foundation
import NarrateAudio
import NarrateCore
import Testing

@Suite("What a player plays before a file's first sample, and compressed files read as they grow")
struct DecoderDelayTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "narrate-delay-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// A second of a tone at 22,050 Hz in `encoding`; the file's path.
    func write(_ encoding: AudioEncoding, name: String) throws -> String {
        let path = "\(directory)/\(name).\(encoding.format.fileExtension)"
        let writer = try AudioFileWriter(destination: path, sampleRate: 22_050, encoding: encoding, overwrite: false)
        let tone = (0..<22_050).map { Int16(8_000 * sin(2 * Double.pi * 440 * Double($0) / 22_050)) }
        try tone.withUnsafeBufferPointer { try writer.write($0) }
        try writer.commit()
        return path
    }

    /// LAME finds no room for its info frame in a 32 kbit/s frame at 22,050 Hz: the file does
    /// not say its delay, which players then play (576 + 529 samples); at 64 kbit/s it does.
    @Test func anMP3WithoutItsInfoFrameIsLateByLAMEsAndTheDecodersDelay() throws {
        let untold = try write(AudioEncoding(format: .mp3, bitrate: 32), name: "untold")
        #expect(DecoderDelay.samples(ofFile: untold, format: "mp3") == 1_105)
        #expect(abs(DecoderDelay.seconds(ofFile: untold, format: "mp3", sampleRate: 22_050) - 0.050_113) < 0.000_01)
        let told = try write(AudioEncoding(format: .mp3, bitrate: 64), name: "told")
        #expect(DecoderDelay.samples(ofFile: told, format: "mp3") == 0)
        // Formats that carry their delay (Opus's pre-skip) or have none.
        for format in [AudioFileFormat.opus, .wav, .flac, .ogg] {
            let path = try write(AudioEncoding(format: format), name: format.rawValue)
            #expect(DecoderDelay.samples(ofFile: path, format: format.rawValue) == 0, "\(format)")
        }
        // Not there, or not MP3 at all: nothing to allow for.
        #expect(DecoderDelay.samples(ofFile: "\(directory)/missing.mp3", format: "mp3") == 0)
        #expect(DecoderDelay.seconds(ofFile: untold, format: "mp3", sampleRate: 0) == 0)
    }

    @Test func aCompressedFileIsReadFromItsStartAsItGrows() throws {
        let path = try write(AudioEncoding(format: .opus, bitrate: 32), name: "whole")
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let growing = "\(directory)/growing.opus"
        #expect(GrowingEncodedFile(path: growing) == nil, "no file yet")
        #expect(FileManager.default.createFile(atPath: growing, contents: Data()))
        #expect(GrowingEncodedFile(path: growing) == nil, "nothing written yet")
        let handle = try #require(FileHandle(forWritingAtPath: growing))
        try handle.write(contentsOf: Data(whole[..<1_000]))
        let file = try #require(GrowingEncodedFile(path: growing))
        #expect(file.streamHeader().isEmpty, "the file's own start is the stream's")
        var read = file.readAvailable(limit: 600)
        #expect(read.count == 600)
        read += file.readAvailable(limit: 65_536)
        #expect(file.readAvailable(limit: 65_536).isEmpty, "nothing new")
        try handle.write(contentsOf: Data(whole[1_000...]))
        try handle.close()
        while case let bytes = file.readAvailable(limit: 4_096), !bytes.isEmpty { read += bytes }
        #expect(read == whole)
        #expect(file.bytesRead == whole.count)
        #expect(Array(read.prefix(4)) == Array("OggS".utf8))
    }
}
