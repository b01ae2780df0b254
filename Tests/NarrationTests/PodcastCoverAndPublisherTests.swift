import Foundation
import NarrateCore
import NarrateLibrary
import NarratePublishing
import NarrateRendering
import NarrateTestSupport
import Testing

/// Covers as Apple Podcasts asks for them, and publishing stopped part way, in process.
@Suite("Podcast covers and publishing, in process")
struct PodcastCoverAndPublisherTests {
    static let hasJPEGEncoder = FileManager.default.isExecutableFile(atPath: "/usr/bin/cjpeg")

    /// A JPEG of `width`×`height` (a gradient), made with libjpeg's cjpeg from a PPM.
    static func jpeg(width: Int, height: Int, in scratch: ScratchDirectory) throws -> String {
        var ppm = Array("P6\n\(width) \(height)\n255\n".utf8)
        ppm.reserveCapacity(ppm.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width { ppm += [UInt8(x * 255 / width), UInt8(y * 255 / height), 128] }
        }
        let source = try scratch.write("image.ppm", ppm)
        let output = "\(scratch.path)/image-\(width)x\(height).jpg"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/cjpeg")
        process.arguments = ["-outfile", output, source]
        try DescriptorGate.launch(process)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return output
    }

    @Test func aDrawnCoverIsASquarePNGOfFourteenHundredPixelsTheSameEachTime() {
        let cover = PodcastCover.drawn(title: "Read to me: history and other long reads", subtitle: "read aloud by narrate")
        let size = PodcastCover.pngSize(cover)
        #expect(size?.width == 1_400 && size?.height == 1_400)
        #expect(cover[25] == 2, "RGB, as Apple asks")
        #expect(cover.count < 512 * 1_024)
        #expect(PodcastCover.drawn(title: "Read to me: history and other long reads", subtitle: "read aloud by narrate") == cover)
        #expect(PodcastCover.drawn(title: "Другий подкаст", subtitle: "narrate") != cover)
    }

    /// One cover choice for both front ends: the image set, else one drawn; a cover set but
    /// missing or empty fails `publish` (.fail) and is drawn for a served feed (.draw).
    @Test func theCoverSetIsUsedAndOneThatCannotBeReadFailsOrIsDrawn() throws {
        let scratch = try ScratchDirectory()
        var settings = PodcastSettings.standard
        let selection = FeedSelection()
        let drawn = PodcastCover.drawn(title: settings.title + selection.titleSuffix, subtitle: "read aloud by narrate")
        #expect(try PodcastCover.image(settings: settings, selection: selection, unreadable: .fail) == drawn)
        settings.coverPath = try scratch.write("cover.png", drawn.reversed())
        #expect(try PodcastCover.image(settings: settings, selection: selection, unreadable: .fail) == Array(drawn.reversed()))
        for path in ["\(scratch.path)/missing.png", try scratch.write("empty.png", [UInt8]())] {
            settings.coverPath = path
            #expect(throws: NarrateError.self) { try PodcastCover.image(settings: settings, selection: selection, unreadable: .fail) }
            #expect(try PodcastCover.image(settings: settings, selection: selection, unreadable: .draw) == drawn)
        }
    }

    @Test(.enabled(if: hasJPEGEncoder, "needs cjpeg (libjpeg-turbo-progs): run scripts/install-dependencies --tests"))
    func aUsersImageIsCroppedToItsCentreAndScaledIntoAppleSizes() async throws {
        let scratch = try ScratchDirectory()
        for (width, height, side) in [(800, 600, 1_400), (2_400, 2_000, 2_000), (3_200, 3_100, 3_000)] {
            // Seconds of drawing, encoding and scaling: on a thread of its own, not one of the pool's.
            let size = try await onOwnThread {
                PodcastCover.pngSize(try PodcastCover.imported(from: try Self.jpeg(width: width, height: height, in: scratch)))
            }
            #expect(size?.width == side && size?.height == side, "\(width)×\(height)")
        }
        // A PNG too.
        let png = try scratch.write("cover.png", PodcastCover.drawn(title: "A", subtitle: "b"))
        #expect(PodcastCover.pngSize(try PodcastCover.imported(from: png))?.width == 1_400)
    }

    @Test(.enabled(if: hasJPEGEncoder, "needs cjpeg (libjpeg-turbo-progs): run scripts/install-dependencies --tests"))
    func whatIsNoCoverIsRefusedInOneLine() throws {
        let scratch = try ScratchDirectory()
        let small = try Self.jpeg(width: 400, height: 300, in: scratch)
        let whole = try Data(contentsOf: URL(fileURLWithPath: try Self.jpeg(width: 800, height: 800, in: scratch)))
        let damaged = try scratch.write("damaged.jpg", Array(whole.prefix(600)))
        let cutShort = try scratch.write("cut-short.jpg", Array(whole.prefix(whole.count * 7 / 10)))
        let text = try scratch.write("cover.gif", text: "GIF89a not really")
        for (path, message) in [
            (small, "400×300 pixels; a podcast cover needs at least 500"), (damaged, "the JPEG image cannot be read"),
            (cutShort, "the JPEG image cannot be read"),
            (text, "not a PNG or JPEG image"), ("\(scratch.path)/missing.png", "no such file"),
        ] {
            #expect { try PodcastCover.imported(from: path) } throws: { error in
                guard let error = error as? NarrateError else { return false }
                // Input that cannot be read or is not an image (exit 65 or 66 on the command line).
                let isInput =
                    switch error {
                    case .inputUnavailable, .malformedInput, .binaryInput, .emptyInput, .inputTooLarge, .unsupportedContent: true
                    default: false
                    }
                return "\(error)".contains(message) && !"\(error)".contains("\n") && isInput
            }
        }
    }

    @Test func aPublishStoppedPartWayLeavesThePreviousFeedWholeAndTheNextFinishesIt() async throws {
        let fixture = try PodcastFixture()
        for index in 1...4 { try fixture.add("# Note \(index)\n\nA short note, number \(index). It ends here.") }
        try await fixture.renderEpisodes(FeedSelection())
        let site = "\(fixture.scratch.path)/site"
        let publisher = PodcastPublisher(library: fixture.library)
        let first = try publisher.publish(FeedSelection(), into: site, baseURL: "https://example.org/p/")
        #expect(first.episodes == 4 && first.written.count == 4 * 4 + 3 && first.removed.isEmpty)
        let feed = try String(contentsOfFile: "\(site)/feed.xml", encoding: .utf8)

        try await fixture.renderEpisodes(FeedSelection(format: .ogg))
        var asked = 0
        #expect(throws: NarrateError.interrupted) {
            _ = try publisher.publish(FeedSelection(format: .ogg), into: site, baseURL: "https://example.org/p/") {
                asked += 1
                return asked > 6
            }
        }
        // The feed is the one before, and every file it names is there.
        #expect(try String(contentsOfFile: "\(site)/feed.xml", encoding: .utf8) == feed)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(site)/episodes")
        #expect(names.filter { $0.hasSuffix(".mp3") }.count == 4)
        #expect(names.contains { $0.hasSuffix(".ogg") }, "some of the new edition was written")

        let finished = try publisher.publish(FeedSelection(format: .ogg), into: site, baseURL: "https://example.org/p/")
        #expect(finished.episodes == 4 && finished.removed.count == 4 * 4)
        let after = try FileManager.default.contentsOfDirectory(atPath: "\(site)/episodes")
        #expect(after.filter { $0.hasSuffix(".ogg") }.count == 4 && !after.contains { $0.hasSuffix(".mp3") })
        let nothing = try publisher.publish(FeedSelection(format: .ogg), into: site, baseURL: "https://example.org/p/")
        #expect(nothing.written.isEmpty && nothing.removed.isEmpty && nothing.unchanged == 4 * 4 + 3)
    }

    @Test func aTimelineIsTheRendersOwn() async throws {
        let fixture = try PodcastFixture()
        let first = try fixture.add(PodcastFixture.article)
        let second = try fixture.add("# Other\n\nAnother article. It is short.")
        try await fixture.renderEpisodes(FeedSelection())
        let render = try #require(try fixture.library.renders.renders(ofArticle: first).first)
        let timeline = try EpisodeTimeline(articleId: first, renderId: render.id, library: fixture.library)
        #expect(timeline.chapters.chapters.map(\.title) == ["The weather station", "Readings"])
        #expect(timeline.file(.webVTT).hasPrefix("WEBVTT\n"))
        #expect(timeline.file(.srt).hasPrefix("1\n00:00:00,000 --> "))
        #expect(timeline.file(.chapters).contains("\"version\" : \"1.2.0\""))
        #expect(throws: NarrateError.self) { try EpisodeTimeline(articleId: second, renderId: render.id, library: fixture.library) }
        #expect(throws: NarrateError(LibraryError.noSuchArticle(id: 99))) {
            try EpisodeTimeline(articleId: 99, renderId: render.id, library: fixture.library)
        }
    }
}
