import Foundation
import NarrateAudio
import NarrateCore
import NarrateTestSupport
import Testing

@Suite("Audio formats, tags, cue points and resampling")
struct AudioFormatTests {
    let directory: String
    let tags = AudioTags(
        title: "Zöe's Field Notes", artist: "A. Writer", album: "narrate", date: "2026-11-23", comment: "https://example.org/notes"
    )

    init() throws {
        directory = NSTemporaryDirectory() + "narrate-formats-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Two seconds at 22,050 Hz: a second of a 440 Hz tone, then a second of silence.
    func writeSample(to writer: AudioFileWriter) throws {
        let tone = (0..<22_050).map { Int16(8_000 * sin(2 * Double.pi * 440 * Double($0) / 22_050)) }
        try tone.withUnsafeBufferPointer { try writer.write($0) }
        try writer.writeSilence(samples: 22_050)
    }

    func decode(_ path: String) throws -> [Int16] {
        try AudioFileReader(path: path).readAll()
    }

    @Test(arguments: AudioFileFormat.allCases.filter { $0 != .raw })
    func everyFormatDecodesBackWithItsLengthAndTags(_ format: AudioFileFormat) throws {
        let path = "\(directory)/sample.\(format.fileExtension)"
        let writer = try AudioFileWriter(
            destination: path, sampleRate: 22_050, encoding: AudioEncoding(format: format), tags: tags, overwrite: false
        )
        try writeSample(to: writer)
        #expect(!FileManager.default.fileExists(atPath: path), "nothing at the destination before commit")
        try writer.commit()
        let info = try AudioFileInfo.read(path: path)
        #expect(info.format == format)
        #expect(info.channels == 1)
        #expect(info.sampleRate == (format == .opus ? 24_000 : 22_050))
        let decoded = try decode(path)
        // Opus and MP3 decoders here remove the encoder delay (Opus pre-skip, LAME's gapless
        // header), so even the lossy formats come back the written length, within 50 ms.
        let seconds = Double(decoded.count) / Double(info.sampleRate)
        #expect(abs(seconds - 2.0) < 0.05, "\(format): \(seconds) s")
        #expect(writer.fileFramesWritten == decoded.count || format.isLossy)
        if format.carriesTags {
            #expect(info.tags.title == tags.title)
            #expect(info.tags.artist == tags.artist)
            #expect(info.tags.album == tags.album)
            #expect(info.tags.comment == tags.comment)
            // ID3v1/v2 as LAME writes them keep the year only.
            #expect(info.tags.date == (format == .mp3 ? "2026" : tags.date))
        }
        if format == .wav || format == .flac || format == .au {
            // Lossless: the very samples.
            #expect(decoded.count == 44_100)
            #expect(
                decoded[..<22_050].map { Int($0) }
                    == (0..<22_050).map { Int(Int16(8_000 * sin(2 * Double.pi * 440 * Double($0) / 22_050))) })
        }
    }

    @Test func rawIsHeaderlessLittleEndianPCM() throws {
        let path = "\(directory)/sample.raw"
        let writer = try AudioFileWriter(destination: path, sampleRate: 22_050, encoding: AudioEncoding(format: .raw), overwrite: false)
        try writeSample(to: writer)
        try writer.commit()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count == 44_100 * 2)
        let second = Int16(littleEndian: data.withUnsafeBytes { $0.load(fromByteOffset: 2, as: Int16.self) })
        #expect(second == Int16(8_000 * sin(2 * Double.pi * 440 / 22_050)))
    }

    @Test func resamplingKeepsThePitchAndTheLength() throws {
        let path = "\(directory)/resampled.wav"
        let writer = try AudioFileWriter(
            destination: path, sampleRate: 22_050, encoding: AudioEncoding(format: .wav, sampleRate: 48_000), overwrite: false
        )
        try writeSample(to: writer)
        try writer.commit()
        let decoded = try decode(path)
        #expect(try AudioFileInfo.read(path: path).sampleRate == 48_000)
        #expect(abs(decoded.count - 96_000) <= 2)
        // A 440 Hz tone crosses zero upwards 440 times a second at any rate.
        let tone = decoded[2_000..<46_000]
        let crossings = zip(tone, tone.dropFirst()).filter { $0.0 < 0 && $0.1 >= 0 }.count
        #expect(abs(crossings - Int(440.0 * 44_000 / 48_000)) <= 2, "\(crossings)")
        // And the silence stays silent.
        #expect(decoded[60_000..<95_000].allSatisfy { abs(Int($0)) < 4 })
    }

    @Test func wavFilesCarryLabelledCuePoints() throws {
        let path = "\(directory)/chapters.wav"
        let writer = try AudioFileWriter(
            destination: path, sampleRate: 22_050, encoding: AudioEncoding(format: .wav, sampleRate: 44_100), tags: tags, overwrite: false
        )
        try writeSample(to: writer)
        writer.markers = [AudioMarker(frame: 0, label: "Opening"), AudioMarker(frame: 22_050, label: "Quiet part; «тиша»")]
        try writer.commit()
        // Frames scale to the file's rate; the audio and tags are untouched by the added chunks.
        #expect(
            try WAVCueChunks.read(path: path) == [
                AudioMarker(frame: 0, label: "Opening"), AudioMarker(frame: 44_100, label: "Quiet part; «тиша»"),
            ])
        let info = try AudioFileInfo.read(path: path)
        #expect(info.frames == 88_200)
        #expect(info.tags.title == tags.title)
        #expect(try decode(path).count == 88_200)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let riffSize = data.withUnsafeBytes { $0.load(fromByteOffset: 4, as: UInt32.self) }
        #expect(Int(UInt32(littleEndian: riffSize)) + 8 == data.count)
    }

    @Test func encodingsAreCheckedAgainstTheFormat() {
        func problem(_ encoding: AudioEncoding) -> String? {
            do {
                try encoding.validate()
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem(AudioEncoding(format: .wav, bitrate: 64))?.contains("WAV has no bitrate") == true)
        #expect(problem(AudioEncoding(format: .ogg, bitrate: 64))?.contains("use a quality for Ogg Vorbis") == true)
        #expect(problem(AudioEncoding(format: .flac, quality: 5))?.contains("not lossy") == true)
        #expect(problem(AudioEncoding(format: .mp3, bitrate: 64, quality: 5))?.contains("not both") == true)
        #expect(problem(AudioEncoding(format: .mp3, bitrate: 320))?.contains("8–160") == true)
        #expect(problem(AudioEncoding(format: .mp3, sampleRate: 44_100, bitrate: 320)) == nil)
        #expect(problem(AudioEncoding(format: .opus, sampleRate: 22_050))?.contains("8000, 12000, 16000, 24000, 48000") == true)
        #expect(problem(AudioEncoding(format: .opus, bitrate: 300))?.contains("6–256") == true)
        #expect(problem(AudioEncoding(format: .ogg, quality: 11))?.contains("outside 0–10") == true)
        #expect(problem(AudioEncoding(format: .opus, quality: 3)) == nil)
        #expect(AudioEncoding(format: .opus).fileSampleRate(forSource: 22_050) == 24_000)
        #expect(AudioEncoding(format: .mp3).fileSampleRate(forSource: 22_050) == 22_050)
        #expect(AudioEncoding.wav.description(sourceRate: 22_050) == "wav pcm16")
    }

    @Test(arguments: [(AudioFileFormat.mp3, 32), (.mp3, 96), (.opus, 24), (.opus, 64)])
    func bitratesReachTheEncoder(_ format: AudioFileFormat, _ kbps: Int) throws {
        // Ten seconds of noise-like tone, so the encoder uses what it is given.
        let path = "\(directory)/rate-\(kbps).\(format.fileExtension)"
        let writer = try AudioFileWriter(
            destination: path, sampleRate: 22_050, encoding: AudioEncoding(format: format, bitrate: kbps), overwrite: false
        )
        var state: UInt32 = 1
        let noise = (0..<220_500).map { _ -> Int16 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int16(truncatingIfNeeded: Int32(bitPattern: state) >> 20)
        }
        try noise.withUnsafeBufferPointer { try writer.write($0) }
        try writer.commit()
        let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        let measured = Double(bytes * 8) / 10 / 1_000
        #expect(abs(measured - Double(kbps)) / Double(kbps) < 0.25, "\(format) \(kbps) kbit/s → \(measured)")
    }

    @Test func qualityShrinksTheFile() throws {
        func size(quality: Double) throws -> Int {
            let path = "\(directory)/q\(quality).ogg"
            let writer = try AudioFileWriter(
                destination: path, sampleRate: 22_050, encoding: AudioEncoding(format: .ogg, quality: quality), overwrite: false
            )
            try writeSample(to: writer)
            try writer.commit()
            return try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        }
        #expect(try size(quality: 1) < size(quality: 9))
    }

    @Test func formatsComeFromTheExtension() {
        #expect(AudioFileFormat(path: "a/b.OGA") == .ogg)
        #expect(AudioFileFormat(path: "b.Opus") == .opus)
        #expect(AudioFileFormat(path: "a.b/c.mp3") == .mp3)
        #expect(AudioFileFormat(path: "b.m4a") == nil)
        #expect(AudioFileFormat.allCases.filter(\.canStream).count == 6)
    }

    @Test func theFormatCheckOpensARealFile() throws {
        for format in AudioFileFormat.allCases {
            try AudioEncoding(format: format).checkWritable(sourceRate: 22_050)
        }
    }

    /// Whether the temporary folder has the 12 GB the RF64 test needs.
    static let hasRoomForRF64: Bool = {
        let free = (try? FileManager.default.attributesOfFileSystem(forPath: NSTemporaryDirectory())[.systemFreeSize] as? Int64) ?? 0
        return free > 12_000_000_000
    }()

    /// Beyond 4 GiB of samples a WAV file becomes RF64 by itself (and keeps its cue points).
    /// Writes 4.1 GB, so it runs only where that much disk is free.
    @Test(.enabled(if: hasRoomForRF64, "needs 12 GB free in the temporary folder"))
    func wavBeyondFourGibibytesBecomesRF64() async throws {
        let path = "\(directory)/long.wav"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let frames = 2_150_000_000 // 4.3 GB of 16-bit samples, past UInt32.max bytes
        // Seconds of writing: on a thread of its own, not one of the pool's.
        let magic = try await onOwnThread {
            let writer = try AudioFileWriter(destination: path, sampleRate: 22_050, overwrite: false)
            try writer.writeSilence(samples: frames)
            writer.markers = [AudioMarker(frame: 0, label: "Start"), AudioMarker(frame: 22_050 * 3_600, label: "Hour two")]
            try writer.commit()
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            return String(decoding: try handle.read(upToCount: 4) ?? Data(), as: UTF8.self)
        }
        #expect(magic == "RF64")
        let info = try AudioFileInfo.read(path: path)
        #expect(info.frames == frames)
        #expect(info.isPCM16WAV)
        #expect(try WAVCueChunks.read(path: path).map(\.label) == ["Start", "Hour two"])
    }
}
