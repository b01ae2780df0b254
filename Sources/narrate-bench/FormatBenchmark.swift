import NarrateAudio
import NarrateSystem

/// Conversion time per audio format relative to WAV: `narrate convert --jobs 1` of the long
/// sample into each format, in alternating rounds, with the file size and the resulting
/// bitrate (goals: MP3 at most 2x and Opus at most 2.5x WAV's time); MP3 and Opus beside the
/// pipelines people use, `espeak-ng --stdout | lame` and `| opusenc` at the same bitrates
/// (goal: narrate, on every core as by default, at least as fast); then the encoder alone
/// (the WAV's samples encoded in this process, no synthesis).
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
        print("formats: narrate convert --jobs 1 \(article) into each format, \(rounds) alternating rounds")
        var seconds: [String: [Double]] = [:]
        for _ in 0..<rounds {
            for format in Self.formats {
                let run = try ChildProcess.runChecked([
                    narrate, "convert", article, "-o", "\(work.path)/long.\(format)", "--force", "--jobs", "1",
                ])
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
            print(
                "  \(name) \(time.fixed(2)) s   \((time / wav).fixed(2))x WAV   \((bytes / 1_048_576).fixed(1)) MiB   \(kbps.fixed(0)) kbit/s"
            )
        }
        print(
            "  goals: MP3 at most 2x WAV (\((median(seconds["mp3"]!) / wav).fixed(2))x), Opus at most 2.5x (\((median(seconds["opus"]!) / wav).fixed(2))x)"
        )

        // Beside the pipelines, in alternating rounds; narrate with its default --jobs.
        let pipelines = [
            ("mp3", "espeak-ng --stdout -f '\(article)' | lame --quiet -q 7 -b 64 -m m - '\(work.path)/peer.mp3'"),
            ("opus", "espeak-ng --stdout -f '\(article)' | opusenc --quiet --bitrate 32 - '\(work.path)/peer.opus'"),
        ]
        for (format, pipeline) in pipelines {
            var narrate: [Double] = []
            var peer: [Double] = []
            for _ in 0..<rounds {
                narrate.append(
                    try ChildProcess.runChecked([self.narrate, "convert", article, "-o", "\(work.path)/long.\(format)", "--force"])
                        .wallSeconds)
                peer.append(try ChildProcess.runChecked(["sh", "-c", "set -e; " + pipeline]).wallSeconds)
            }
            let tool = format == "mp3" ? "lame -q 7 -b 64" : "opusenc --bitrate 32"
            print(
                "  \(format) narrate \(median(narrate).fixed(2)) s   espeak-ng | \(tool) \(median(peer).fixed(2)) s   ratio \((median(narrate) / median(peer)).fixed(2))x (goal: at most 1x)"
            )
        }

        // The encoders alone, on the same samples, without synthesis.
        let samples = try Self.samples(of: "\(work.path)/long.wav")
        let audio = Double(samples.count) / 22_050
        print("  encoder alone (\(audio.fixed(0)) s of audio, no synthesis):")
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
            print(
                "    \(name) \(elapsed.fixed(2)) s   \((audio / elapsed).fixed(0))x real time   \((elapsed / wav).fixed(2))x WAV's whole conversion"
            )
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
