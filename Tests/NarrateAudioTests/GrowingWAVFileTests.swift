import Foundation
import NarrateAudio
import NarrateCore
import Testing

@Suite("A WAV file read while it is written")
struct GrowingWAVFileTests {
    @Test func readsEachBlockAsItIsWrittenAndTheAudioOnlyOnceRenamed() throws {
        let directory = NSTemporaryDirectory() + "narrate-growing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try AudioFileWriter(destination: "\(directory)/render.wav", sampleRate: 22_050, overwrite: false)
        writer.markers = [AudioMarker(frame: 100, label: "A chapter")]
        let temporary = try #require(writer.temporaryPath)
        let samples = (0..<100_000).map { Int16(truncatingIfNeeded: $0 * 7) }
        var read: [UInt8] = []
        // Its header is written with the first block.
        try samples[..<40_000].withUnsafeBufferPointer { try writer.write($0) }
        try writer.flush()
        let file = try #require(GrowingWAVFile(path: temporary))
        #expect(file.sampleRate == 22_050)
        #expect(file.channels == 1)
        #expect(file.frameBytes == 2)
        while true {
            let bytes = file.readAvailable(limit: 10_000)
            if bytes.isEmpty { break }
            read += bytes
        }
        #expect(read.count == 80_000)
        try samples[40_000...].withUnsafeBufferPointer { try writer.write($0) }
        // Renamed into place, with cue chunks appended after the audio: the open file reads on,
        // and the chunks are not audio.
        try writer.commit()
        while true {
            let bytes = file.readAvailable()
            if bytes.isEmpty { break }
            read += bytes
        }
        let expected = samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        #expect(read == expected)
        #expect(file.bytesRead == 200_000)
        // A header for a stream of unknown length.
        let header = file.streamHeader()
        #expect(header.count == 44)
        #expect(Array(header[0..<4]) == Array("RIFF".utf8))
        #expect(Array(header[36..<40]) == Array("data".utf8))
    }

    @Test func aFileWithoutAWAVHeaderIsNotRead() throws {
        let path = NSTemporaryDirectory() + "narrate-not-wav-\(UUID().uuidString)"
        try Data("RIFF....not a wave file at all".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(GrowingWAVFile(path: path) == nil)
        #expect(GrowingWAVFile(path: path + ".missing") == nil)
    }
}
