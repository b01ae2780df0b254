import NarrateAudio
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Conversion time per audio format relative to WAV: `narrate convert` of the long sample
/// into each format, in alternating rounds, with the file size and the resulting bitrate;
/// then the encoder alone (the WAV's samples encoded in this process, no synthesis), which
/// bounds what any narrate change could reach. Issue 8's target: MP3 and Opus add at most
/// 50% to the total.
struct FormatBenchmark {
    /// The narrate executable.
    var narrate: String
    /// The long article.
    var article: String
    /// Rounds; each converts once to every format.
    var rounds: Int

    static let formats = ["wav", "flac", "ogg", "opus", "mp3"]

    func run() throws(BenchmarkError) {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        print("")
        print("formats: narrate convert \(article) into each format, \(rounds) alternating rounds")
        var seconds: [String: [Double]] = [:]
        for _ in 0..<rounds {
            for format in Self.formats {
                let run = try ChildProcess.runChecked([narrate, "convert", article, "-o", "\(work.path)/long.\(format)", "--force"])
                seconds[format, default: []].append(run.wallSeconds)
            }
        }
        let wav = median(seconds["wav"]!)
        var wavBytes = 0.0
        for format in Self.formats {
            var status = stat()
            let bytes = stat("\(work.path)/long.\(format)", &status) == 0 ? Double(status.st_size) : 0
            if format == "wav" { wavBytes = bytes }
            let time = median(seconds[format]!)
            let audioSeconds = wavBytes / 2 / 22_050
            let kbps = audioSeconds > 0 ? bytes * 8 / audioSeconds / 1000 : 0
            let name = format + String(repeating: " ", count: max(0, 5 - format.count))
            print("  \(name) \(time.fixed(2)) s   \((time / wav).fixed(2))x WAV   \((bytes / 1_048_576).fixed(1)) MiB   \(kbps.fixed(0)) kbit/s")
        }
        let worst = max(median(seconds["mp3"]!), median(seconds["opus"]!)) / wav
        print("  MP3 and Opus add at most \(((worst - 1) * 100).fixed(0))% to WAV's time (target: at most 50%)")

        // The encoders alone, on the same samples, without synthesis.
        let samples = try Self.samples(of: "\(work.path)/long.wav")
        let audio = Double(samples.count) / 22_050
        print("  encoder alone (libsndfile, \(audio.fixed(0)) s of audio, no synthesis):")
        for format in Self.formats {
            let start = Self.now()
            do {
                let writer = try AudioFileWriter(
                    destination: "\(work.path)/alone.\(format)", sampleRate: 22_050,
                    encoding: AudioEncoding(format: AudioFileFormat(rawValue: format)!), overwrite: true
                )
                try samples.withUnsafeBufferPointer { try writer.write($0) }
                try writer.commit()
            } catch {
                throw BenchmarkError("encoding \(format): \(error)")
            }
            let elapsed = Self.now() - start
            let name = format + String(repeating: " ", count: max(0, 5 - format.count))
            print("    \(name) \(elapsed.fixed(2)) s   \((audio / elapsed).fixed(0))x real time   \((elapsed / wav).fixed(2))x WAV's whole conversion")
        }
    }

    private static func samples(of path: String) throws(BenchmarkError) -> [Int16] {
        do {
            let reader = try AudioFileReader(path: path)
            var all: [Int16] = []
            all.reserveCapacity(reader.frames)
            var buffer: [Int16] = []
            repeat {
                reader.read(1 << 16, into: &buffer)
                all += buffer
            } while !buffer.isEmpty
            return all
        } catch {
            throw BenchmarkError("cannot read \(path): \(error)")
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
