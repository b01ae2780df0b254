import Foundation
import NarrateAudio
import NarrateCore
import Testing

@Suite("Crash-safe WAV writer")
struct AudioFileWriterTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "narrate-audio-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    func write(_ writer: AudioFileWriter, frames: Int) throws {
        let tone = (0..<frames).map { Int16(truncatingIfNeeded: ($0 % 100) * 300 - 15_000) }
        try tone.withUnsafeBufferPointer { try writer.write($0) }
    }

    @Test func writesSixteenBitMonoWAVAndRenamesOnCommit() throws {
        let target = "\(directory)/out.wav"
        let writer = try AudioFileWriter(destination: target, sampleRate: 22_050, overwrite: false)
        try write(writer, frames: 22_050)
        try writer.writeSilence(samples: 11_025)
        #expect(writer.framesWritten == 33_075)
        #expect(!FileManager.default.fileExists(atPath: target))
        try writer.commit()
        #expect(try entries() == ["out.wav"])
        let info = try AudioFileInfo.read(path: target)
        #expect(info.sampleRate == 22_050)
        #expect(info.channels == 1)
        #expect(info.frames == 33_075)
        #expect(info.isPCM16WAV)
        #expect(abs(info.duration - 1.5) < 0.0001)
    }

    @Test func theTemporaryFileHasAValidHeaderWhileWriting() throws {
        let writer = try AudioFileWriter(destination: "\(directory)/live.wav", sampleRate: 16_000, overwrite: false)
        try write(writer, frames: 8_000)
        try writer.flush()
        #expect(writer.temporaryPath!.hasPrefix("\(directory)/.live.wav."))
        #expect(writer.temporaryPath!.hasSuffix(".tmp"))
        // Read by a second opener mid-write, as after a crash.
        let info = try AudioFileInfo.read(path: writer.temporaryPath!)
        #expect(info.frames == 8_000)
        #expect(info.sampleRate == 16_000)
        // Past the buffer, full blocks reach the file without an explicit flush (on the
        // encoder thread, so soon rather than at once).
        try write(writer, frames: AudioFileWriter.bufferFrames + 10)
        var frames = 0
        for _ in 0..<200 where frames < AudioFileWriter.bufferFrames {
            frames = try AudioFileInfo.read(path: writer.temporaryPath!).frames
            if frames < AudioFileWriter.bufferFrames { usleep(50_000) }
        }
        #expect(frames >= AudioFileWriter.bufferFrames)
        writer.discard()
    }

    @Test func discardingLeavesNothingAndKeepsTheOldFile() throws {
        let target = "\(directory)/keep.wav"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: target))
        let writer = try AudioFileWriter(destination: target, sampleRate: 22_050, overwrite: true)
        try write(writer, frames: 1_000)
        writer.discard()
        #expect(try entries() == ["keep.wav"])
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
    }

    @Test func droppingAnUncommittedWriterRemovesTheTemporaryFile() throws {
        do {
            let writer = try AudioFileWriter(destination: "\(directory)/gone.wav", sampleRate: 22_050, overwrite: false)
            try write(writer, frames: 100)
        }
        #expect(try entries().isEmpty)
    }

    @Test func anExistingOutputIsNotOverwrittenWithoutForce() throws {
        let target = "\(directory)/exists.wav"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        #expect(throws: NarrateError.outputExists(path: target)) {
            _ = try AudioFileWriter(destination: target, sampleRate: 22_050, overwrite: false)
        }
        // Something appearing at the destination during writing is not clobbered either.
        let late = "\(directory)/late.wav"
        let writer = try AudioFileWriter(destination: late, sampleRate: 22_050, overwrite: false)
        try write(writer, frames: 100)
        try Data("arrived".utf8).write(to: URL(fileURLWithPath: late))
        #expect(throws: NarrateError.outputExists(path: late)) { try writer.commit() }
        #expect(try String(contentsOfFile: late, encoding: .utf8) == "arrived")
        #expect(try entries() == ["exists.wav", "late.wav"])
    }

    @Test func forceReplacesTheOutput() throws {
        let target = "\(directory)/replace.wav"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let writer = try AudioFileWriter(destination: target, sampleRate: 22_050, overwrite: true)
        try write(writer, frames: 2_205)
        try writer.commit()
        #expect(try AudioFileInfo.read(path: target).frames == 2_205)
    }

    @Test func aMissingDirectoryCannotBeCreated() {
        #expect(throws: NarrateError.self) {
            _ = try AudioFileWriter(destination: "\(directory)/no/such/dir/x.wav", sampleRate: 22_050, overwrite: false)
        }
        do {
            _ = try AudioFileWriter(destination: "\(directory)/no/x.wav", sampleRate: 22_050, overwrite: false)
        } catch {
            #expect({ if case .cannotCreateOutput = error { true } else { false } }(), "\(error)")
        }
    }

    @Test func formatsComeFromTheExtension() {
        #expect(AudioFileFormat(path: "a/b.WAV") == .wav)
        #expect(AudioFileFormat(path: "a/b.m4a") == nil)
        #expect(AudioFileFormat(path: "a.d/b") == nil)
    }
}
