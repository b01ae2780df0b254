import ArgumentParser
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateSpeech
import Narration

/// `narrate resume`: the rest of an article, from the saved position to the end, as an
/// audio file for a player on another device.
struct ResumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Write the rest of an article, from the saved position to the end, to an audio file."
    )

    @Argument(help: "The article's id ('narrate list' shows them).")
    var id: Int64

    @Option(name: .shortAndLong, help: "The .wav file to write.")
    var output: String

    @Option(help: "Also write where each sentence is heard in it: a .json (aeneas sync map), .vtt or .srt file.")
    var sync: String?

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if !output.lowercased().hasSuffix(".wav") { throw ValidationError("narrate writes .wav files; give -o a .wav path") }
        if let sync, SyncMap.Format(path: sync) == nil {
            throw ValidationError("--sync \(sync): give a .json, .vtt or .srt file")
        }
    }

    func run() throws {
        Interruption.install()
        do throws(NarrateError) {
            let library = try libraryOptions.open()
            let article = try library.article(id: id)
            let position = try library.position(ofArticle: id)
            if position?.finished == true {
                throw NarrateError.invalidOption(
                    name: "id", message: "article \(id) was heard to the end; 'narrate position \(id) --reset' starts it over"
                )
            }
            let engine = try ESpeakEngine.shared()
            let (render, samples) = try ListeningRender.obtain(for: article, library: library, engine: engine)
            let first = min(position?.sentence ?? 0, samples.count - 1)
            let start = samples[first].lowerBound
            let reader = try AudioFileReader(path: render.path)
            try reader.seek(to: Int(start))
            let writer = try AudioFileWriter(destination: output, sampleRate: render.sampleRate, overwrite: force)
            var buffer: [Int16] = []
            var remaining = Int(render.sampleCount - start)
            while remaining > 0 {
                if Interruption.isRequested {
                    writer.discard()
                    throw NarrateError.interrupted
                }
                reader.read(min(remaining, 65_536), into: &buffer)
                if buffer.isEmpty { break }
                do {
                    try buffer.withUnsafeBufferPointer { try writer.write($0) }
                } catch {
                    writer.discard()
                    throw NarrateError.writeFailed(path: output, reason: "\(error)")
                }
                remaining -= buffer.count
            }
            try writer.commit()
            if let sync {
                let sentences = article.sentences(try library.sentences(ofArticle: id))
                try SyncMap(sentences: sentences, samples: samples, sampleRate: render.sampleRate, startSample: start).write(to: sync)
            }
            let seconds = Double(render.sampleCount - start) / Double(render.sampleRate)
            print("\(output) (\(ConvertCommand.format(duration: seconds)), sentences \(first + 1) to \(samples.count) of \(samples.count))")
        } catch {
            ErrorReporter.fail(error)
        }
    }
}
