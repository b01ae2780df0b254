import Foundation
import NarrateAudio
import NarrateTestSupport
import Testing

/// Formats, tags, chapters, split sets and standard output, end to end on the built binary
/// with the real engine; every file is decoded back with libsndfile.
@Suite("Audio formats, tags and chapters on the command line", .endToEnd)
struct AudioFormatCommandTests {
    let scratch: ScratchDirectory
    let libraryPath: String
    /// Seven headed sections, 61 sentences, about 4:52 of audio.
    let article = NarrateBinary.sample("en-field-notes.md")

    init() throws {
        scratch = try ScratchDirectory()
        libraryPath = "\(scratch.path)/lib/library.sqlite"
    }

    func narrate(_ arguments: [String]) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, directory: scratch.path, environment: ["NARRATE_LIBRARY": libraryPath])
    }

    /// Runs a shell line in the scratch folder (for pipes); returns its exit status.
    func shell(_ line: String) async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", line]
        process.currentDirectoryURL = URL(fileURLWithPath: scratch.path)
        process.environment = ProcessInfo.processInfo.environment.merging(["NARRATE_LIBRARY": libraryPath, "NARRATE": NarrateBinary.path]) {
            $1
        }
        process.standardError = FileHandle.nullDevice
        try await DescriptorGate.launch(process)
        await process.exited()
        return process.terminationStatus
    }

    /// Decoded length in seconds, counted by reading every sample.
    func decodedSeconds(_ path: String) throws -> Double {
        let reader = try AudioFileReader(path: path)
        var buffer: [Int16] = []
        var count = 0
        repeat {
            reader.read(65_536, into: &buffer)
            count += buffer.count
        } while !buffer.isEmpty
        return Double(count) / Double(reader.sampleRate)
    }

    func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
    }

    /// The sync map's fragments: (begin, end, text).
    func fragments(_ path: String) throws -> [(begin: Double, end: Double, text: String)] {
        try (json(path)["fragments"] as! [[String: Any]]).map {
            (Double($0["begin"] as! String)!, Double($0["end"] as! String)!, ($0["lines"] as! [String]).joined(separator: " "))
        }
    }

    @Test(arguments: ["wav", "flac", "ogg", "opus", "mp3"])
    func renderedFilesMatchTheirTimingsTagsAndChapters(_ format: String) async throws {
        #expect(try await narrate(["add", article]).status == 0)
        let output = "\(scratch.path)/notes.\(format)"
        let run = try await narrate([
            "render", "1", "-o", output, "--sync", "sync.json", "--chapters", "chapters.json", "--album", "Reading list",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let timings = try fragments("\(scratch.path)/sync.json")
        let info = try AudioFileInfo.read(path: output)
        #expect(info.format?.rawValue == format)
        // The decoded audio is as long as the sentence timings say, within 50 ms.
        let decoded = try decodedSeconds(output)
        #expect(abs(decoded - timings[timings.count - 1].end) < 0.05, "\(format): decoded \(decoded) s, timings \(timings.last!.end) s")
        #expect(info.tags.title == "Field Notes from a Backyard Weather Station")
        #expect(info.tags.album == "Reading list")
        // Every chapter starts on a heading sentence.
        let chapters = try json("\(scratch.path)/chapters.json")["chapters"] as! [[String: Any]]
        #expect(chapters.count == 7)
        for chapter in chapters {
            let start = chapter["startTime"] as! Double
            let title = chapter["title"] as! String
            let heading = timings.first { $0.text == title }
            #expect(heading != nil, "no sentence reads \(title)")
            #expect(abs((heading?.begin ?? -1) - start) < 0.002, "\(title) starts at \(start), its sentence at \(heading?.begin ?? -1)")
        }
        if format == "wav" {
            let cues = try WAVCueChunks.read(path: output)
            #expect(cues.map(\.label) == chapters.map { $0["title"] as! String })
            for (cue, chapter) in zip(cues, chapters) {
                #expect(abs(Double(cue.frame) / Double(info.sampleRate) - (chapter["startTime"] as! Double)) < 0.002)
            }
        }
        if format == "opus" { #expect(info.sampleRate == 24_000) }
    }

    @Test func chapterAndMinuteSplitsAddUpToTheWhole() async throws {
        let whole = "\(scratch.path)/whole.wav"
        #expect(try await narrate(["convert", article, "-o", whole]).status == 0)
        let total = try AudioFileInfo.read(path: whole).duration
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/parts", withIntermediateDirectories: true)

        let byChapter = try await narrate(["convert", article, "-o", "parts/notes.flac", "--split", "chapters"])
        #expect(byChapter.status == 0, "\(byChapter.standardError)")
        let chapterParts = (1...7).map { "\(scratch.path)/parts/notes-0\($0).flac" }
        #expect(try scratch.entries().contains("parts"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: "\(scratch.path)/parts").sorted()
                == chapterParts.map { ($0 as NSString).lastPathComponent })
        let lossless = try chapterParts.map { try AudioFileInfo.read(path: $0).frames }.reduce(0, +)
        #expect(lossless == Int((total * 22_050).rounded()))
        #expect(try AudioFileInfo.read(path: chapterParts[2]).tags.trackNumber == "3")

        let byMinutes = try await narrate(["convert", article, "-o", "parts/minutes.mp3", "--split", "minutes:1"])
        #expect(byMinutes.status == 0, "\(byMinutes.standardError)")
        let minuteParts = try FileManager.default.contentsOfDirectory(atPath: "\(scratch.path)/parts")
            .filter { $0.hasPrefix("minutes-") }.sorted().map { "\(scratch.path)/parts/\($0)" }
        #expect((4...5).contains(minuteParts.count), "\(minuteParts)")
        let lengths = try minuteParts.map { try decodedSeconds($0) }
        #expect(abs(lengths.reduce(0, +) - total) < 0.05 * Double(minuteParts.count))
        // Each part but the last is at least a minute, cut at the first sentence after it.
        #expect(lengths.dropLast().allSatisfy { $0 >= 59.95 && $0 < 90 })
    }

    @Test func standardOutputCarriesTheStreamingFormats() async throws {
        let whole = "\(scratch.path)/whole.wav"
        #expect(try await narrate(["convert", article, "-o", whole]).status == 0)
        let total = try AudioFileInfo.read(path: whole).duration
        for format in ["flac", "ogg", "opus", "mp3", "au"] {
            await #expect(try shell("\"$NARRATE\" convert '\(article)' -o - --format \(format) > piped.\(format)") == 0)
            let decoded = try decodedSeconds("\(scratch.path)/piped.\(format)")
            #expect(abs(decoded - total) < 0.05, "\(format): \(decoded) s of \(total) s")
        }
        // WAV cannot go to a pipe: a usage error before any work, nothing on stdout.
        let wav = try await narrate(["convert", article, "-o", "-"])
        #expect(wav.status == 64)
        #expect(wav.standardOutput.isEmpty)
        #expect(wav.errorLines.count == 1)
        // A reader that goes away: a clean write error, not a hang or a crash.
        await #expect(try shell("set -o pipefail; \"$NARRATE\" convert '\(article)' -o - --format flac | head -c 1000 > /dev/null") == 74)
        // render -o - streams the cached render.
        #expect(try await narrate(["add", article]).status == 0)
        await #expect(try shell("\"$NARRATE\" render 1 -o - --format ogg > render.ogg") == 0)
        #expect(abs(try decodedSeconds("\(scratch.path)/render.ogg") - total) < 0.05)
    }

    @Test func resumeWritesTheRestInAnyFormatWithItsChapters() async throws {
        #expect(try await narrate(["add", article]).status == 0)
        #expect(try await narrate(["render", "1", "--sync", "sync.json"]).status == 0)
        let timings = try fragments("\(scratch.path)/sync.json")
        // Sentence 21 is past the first chapter (the picture's description is sentence 2).
        #expect(try await narrate(["position", "1", "--set", "21"]).status == 0)
        let run = try await narrate(["resume", "1", "-o", "rest.mp3", "--chapters", "rest.txt"])
        #expect(run.status == 0, "\(run.standardError)")
        let rest = timings[timings.count - 1].end - timings[20].begin
        #expect(abs(try decodedSeconds("\(scratch.path)/rest.mp3") - rest) < 0.05)
        let chapters = try String(contentsOfFile: "\(scratch.path)/rest.txt", encoding: .utf8)
        #expect(chapters.hasPrefix(";FFMETADATA1\ntitle=Field Notes from a Backyard Weather Station\n"))
        #expect(chapters.contains("[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\n"))
        #expect(!chapters.contains("title=Choosing a Spot"), "chapters before the position are not in the rest")
    }

    @Test func batchesEncodeWithTheChosenFormat() async throws {
        #expect(try await narrate(["add", article, NarrateBinary.sample("uk-news.txt")]).status == 0)
        let run = try await narrate([
            "batch", "--all", "--format", "opus", "--bitrate", "24", "--jobs", "2", "--output-dir", "out", "--quiet",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: "\(scratch.path)/out").sorted()
        #expect(files.count == 2)
        for file in files {
            #expect(file.hasSuffix(".opus"))
            let info = try AudioFileInfo.read(path: "\(scratch.path)/out/\(file)")
            #expect(info.format == .opus)
            #expect(info.sampleRate == 24_000)
            #expect(info.duration > 60)
        }
        // The same again is up to date; a new bitrate is new work.
        let again = try await narrate(["batch", "--all", "--format", "opus", "--bitrate", "24", "--output-dir", "out", "--json"])
        #expect(
            again.standardOutput.contains("\"upToDate\":2") || again.standardOutput.contains("\"upToDate\" : 2"), "\(again.standardOutput)")
        let refused = try await narrate(["batch", "--all", "--format", "wav", "--bitrate", "24"])
        #expect(refused.status == 64)
        #expect(refused.errorLines.count == 1)
    }

    /// A libsndfile without Ogg Vorbis, simulated by a preloaded `sf_open_fd` and
    /// `sf_open_virtual` that refuse it as a build without libvorbis does: one line naming the
    /// format and exit 69, nothing written. (MP3 and Opus do not go through libsndfile.)
    @Test(.enabled(if: DurabilityTests.compiler != nil, "needs a C compiler to build the preload library"))
    func aLibsndfileWithoutTheFormatIsOneClearLine() async throws {
        let compiler = try #require(DurabilityTests.compiler)
        let source = try scratch.write(
            "novorbis.c",
            text: """
                #define _GNU_SOURCE
                #include <dlfcn.h>
                #include <sndfile.h>
                SNDFILE *sf_open_fd(int fd, int mode, SF_INFO *info, int close_desc) {
                    if ((info->format & SF_FORMAT_TYPEMASK) == SF_FORMAT_OGG) return 0;
                    SNDFILE *(*real)(int, int, SF_INFO *, int) = (SNDFILE *(*)(int, int, SF_INFO *, int)) dlsym(RTLD_NEXT, "sf_open_fd");
                    return real(fd, mode, info, close_desc);
                }
                SNDFILE *sf_open_virtual(SF_VIRTUAL_IO *io, int mode, SF_INFO *info, void *data) {
                    if ((info->format & SF_FORMAT_TYPEMASK) == SF_FORMAT_OGG) return 0;
                    SNDFILE *(*real)(SF_VIRTUAL_IO *, int, SF_INFO *, void *) = (SNDFILE *(*)(SF_VIRTUAL_IO *, int, SF_INFO *, void *)) dlsym(RTLD_NEXT, "sf_open_virtual");
                    return real(io, mode, info, data);
                }
                """)
        let library = "\(scratch.path)/novorbis.so"
        await #expect(try shell("\(compiler) -shared -fPIC -o '\(library)' '\(source)' -ldl") == 0)
        let environment = ["NARRATE_LIBRARY": libraryPath, "LD_PRELOAD": library]
        let convert = try await NarrateBinary.run(["convert", article, "-o", "out.ogg"], directory: scratch.path, environment: environment)
        #expect(convert.status == 69)
        #expect(convert.errorLines.count == 1)
        #expect(
            convert.standardError.contains("cannot write Ogg Vorbis audio: the installed libsndfile lacks it"), "\(convert.standardError)")
        #expect(!(try scratch.entries().contains { $0.contains("out.ogg") }))
        // A batch checks with a real open before it queues anything.
        #expect(try await narrate(["add", article]).status == 0)
        let batch = try await NarrateBinary.run(
            ["batch", "--all", "--format", "ogg", "--output-dir", "out"], directory: scratch.path, environment: environment)
        #expect(batch.status == 69)
        #expect(batch.standardError.contains("cannot write Ogg Vorbis audio"))
        #expect(try await narrate(["jobs", "--json"]).standardOutput.contains("\"articleId\"") == false)
        // Other formats still work under the same library, MP3 and Opus among them.
        for format in ["flac", "mp3", "opus"] {
            let other = try await NarrateBinary.run(
                ["convert", article, "-o", "out.\(format)"], directory: scratch.path, environment: environment)
            #expect(other.status == 0, "\(format): \(other.standardError)")
        }
    }
}
