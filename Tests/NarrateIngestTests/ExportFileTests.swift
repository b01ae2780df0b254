import Foundation
import NarrateCore
import NarrateTestSupport
import Testing

@testable import NarrateIngest

/// The export files in `Exports/`, one per format at the size years of saving make (written
/// by `make_exports.py`, which also writes what each holds into `expected.json`): every
/// link read, read state and content kept, and the odd rows (quotes, commas and line breaks
/// in titles, markup, emoji, right-to-left and Cyrillic text, Cyrillic tags) exactly.
/// The python3 that packs archives for these tests (install-dependencies installs it).
private let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("Export files of every format, at their real sizes")
struct ExportFileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Exports").path

    /// What `make_exports.py` wrote into one file.
    struct Expected: Decodable {
        struct Sample: Decodable {
            var index: Int
            var url: String
            var title: String?
            var savedAt: String?
            var tags: [String]
            var archived: Bool
            var hasContent: Bool?
            var language: String?
        }

        var format: String
        var links: Int
        var archived: Int
        var withContent: Int?
        var samples: [Sample]
    }

    static let expected: [String: Expected] = {
        guard let data = FileManager.default.contents(atPath: "\(folder)/expected.json"),
            let decoded = try? JSONDecoder().decode([String: Expected].self, from: data)
        else { return [:] }
        return decoded
    }()

    func check(_ name: String, format: ExportReader.Format, links: [SavedLink]) throws {
        let expected = try #require(Self.expected[name], "expected.json has no \(name)")
        #expect(format.rawValue == expected.format)
        #expect(links.count == expected.links, "\(name)")
        #expect(links.filter(\.archived).count == expected.archived, "\(name)")
        if let withContent = expected.withContent {
            #expect(links.filter(\.carriesContent).count == withContent, "\(name)")
        }
        #expect(expected.samples.count >= 2)
        for sample in expected.samples {
            guard sample.index < links.count else {
                Issue.record("\(name): no link \(sample.index)")
                continue
            }
            let link = links[sample.index]
            #expect(link.url == sample.url, "\(name) #\(sample.index)")
            #expect(link.title == sample.title, "\(name) #\(sample.index)")
            #expect(link.savedAt == sample.savedAt, "\(name) #\(sample.index)")
            #expect(link.tags == sample.tags, "\(name) #\(sample.index)")
            #expect(link.archived == sample.archived, "\(name) #\(sample.index)")
            if let hasContent = sample.hasContent { #expect(link.carriesContent == hasContent, "\(name) #\(sample.index)") }
            if let language = sample.language { #expect(link.language == language, "\(name) #\(sample.index)") }
        }
    }

    @Test(arguments: ["pocket.csv", "pocket.html", "instapaper.csv", "wallabag.json", "bookmarks.html", "urls.txt"])
    func everyLinkOfTheFileIsRead(_ name: String) throws {
        let (format, links) = try ExportReader.read(path: "\(Self.folder)/\(name)")
        try check(name, format: format, links: links)
    }

    @Test(.enabled(if: python != nil, "python3 packs the Omnivore export into a zip"))
    func anOmnivoreZipIsReadWithItsMarkdown() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let zip = "\(scratch.path)/Omnivore Export 2024-10-30.zip"
        try pack(folder: "\(Self.folder)/omnivore", into: zip)
        let (format, links) = try ExportReader.read(path: zip)
        try check("omnivore", format: format, links: links)
        let first = try #require(try links.first?.carriedContent())
        #expect(first.hasPrefix("# "))
        #expect(links.allSatisfy { !$0.contentIsHTML || !$0.carriesContent })
        // The articles are unpacked into a folder of their own, not held in memory, and read
        // only when asked for.
        let unpacked = try #require(links.first?.contentFile)
        #expect(links.allSatisfy { $0.content == nil })

        // The same export unpacked: its folder reads the same links.
        let (folderFormat, folderLinks) = try ExportReader.read(path: "\(Self.folder)/omnivore")
        #expect(folderFormat == .omnivore)
        #expect(folderLinks.count == links.count)
        for (read, fromZip) in Swift.zip(folderLinks, links) {
            #expect(read.url == fromZip.url)
            #expect(read.title == fromZip.title)
            #expect(read.tags == fromZip.tags)
            #expect(read.archived == fromZip.archived)
            let readContent = try read.carriedContent()
            let zipContent = try fromZip.carriedContent()
            #expect(readContent == zipContent)
        }
        // The unpacked folder goes with the last link that reads from it.
        #expect(FileManager.default.fileExists(atPath: unpacked))
    }

    @Test(.enabled(if: python != nil, "python3 writes the archive"))
    func anArticleInAZipLargerThanTheLimitIsLeftOutAndNamedWhenTaken() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let zip = "\(scratch.path)/omnivore.zip"
        // 17 MiB of Markdown (over the 16 MiB an article may be), 17 KiB packed, beside a small one.
        try run(
            python: """
                import json, sys, zipfile
                entries = [{"url": "https://example.org/big", "slug": "big", "title": "Big"},
                           {"url": "https://example.org/small", "slug": "small", "title": "Small"}]
                with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as archive:
                    archive.writestr("metadata_0_to_1.json", json.dumps(entries))
                    archive.writestr("content/big.md", b"# Big\\n\\n" + b"word " * (17 << 18))
                    archive.writestr("content/small.md", b"# Small\\n\\nA small article. It is read.")
                """, zip)
        var folder: String?
        do {
            let (_, links) = try ExportReader.read(path: zip)
            #expect(links.count == 2)
            let big = try #require(links.first { $0.url.hasSuffix("big") })
            let small = try #require(links.first { $0.url.hasSuffix("small") })
            #expect(big.carriesContent)
            #expect(throws: NarrateError.inputTooLarge(path: "\(zip): content/big.md", limit: 16 << 20, kind: "an article")) {
                try big.carriedContent()
            }
            #expect(try small.carriedContent()?.contains("A small article.") == true)
            folder = small.contentFile.map { ($0 as NSString).deletingLastPathComponent }
            #expect(folder.map { FileManager.default.fileExists(atPath: $0) } == true)
        }
        // The links are gone: so is the folder their articles were unpacked into.
        #expect(folder.map { !FileManager.default.fileExists(atPath: $0) } == true)
    }

    @Test(.enabled(if: python != nil, "python3 writes the archives"))
    func damagedTruncatedAndForeignArchivesAreOneLine() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let whole = "\(scratch.path)/whole.zip"
        try pack(folder: "\(Self.folder)/omnivore", into: whole)
        let bytes = try #require(FileManager.default.contents(atPath: whole))
        // Cut in the middle: the central directory and half the entries are gone.
        let truncated = "\(scratch.path)/truncated.zip"
        _ = FileManager.default.createFile(atPath: truncated, contents: bytes.prefix(bytes.count / 2))
        // A zip of something else entirely.
        let foreign = "\(scratch.path)/photos.zip"
        try pack(folder: "\(Self.folder)/omnivore/content", into: foreign)
        let badMetadata = "\(scratch.path)/bad-metadata"
        try FileManager.default.createDirectory(atPath: badMetadata, withIntermediateDirectories: true)
        try "{\"not\": \"a list\"}".write(toFile: "\(badMetadata)/metadata_0_to_0.json", atomically: true, encoding: .utf8)
        let badZip = "\(scratch.path)/bad.zip"
        try pack(folder: badMetadata, into: badZip)
        let cases = [
            (truncated, "damaged archive"), (foreign, "without Omnivore's metadata files"), (badZip, "is not Omnivore's metadata"),
            (scratch.path, "a folder without Omnivore's metadata_*.json files"),
        ]
        for (path, words) in cases {
            do {
                let (_, links) = try ExportReader.read(path: path)
                // A truncated zip may still give the entries before the cut; never more.
                if path == truncated {
                    #expect(links.count < Self.expected["omnivore"]?.links ?? 0)
                } else {
                    Issue.record("read \(path)")
                }
            } catch {
                guard case .malformedInput(_, let message) = error else {
                    Issue.record("\(path): \(error)")
                    continue
                }
                #expect(message.contains(words), "\(path): \(message)")
                #expect(!message.contains("\n"))
            }
        }
    }

    @Test(.enabled(if: python != nil, "python3 writes the archive"))
    func aZipBombIsRefusedNotReadIntoMemory() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let bomb = "\(scratch.path)/bomb.zip"
        // 8 MiB of spaces in one metadata file, 8 KiB packed; read with a limit of 4 MiB (the
        // import's is 1 GiB).
        try run(
            python: """
                import sys, zipfile
                with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as archive:
                    archive.writestr("metadata_0_to_0.json", b" " * (8 << 20))
                """, bomb)
        #expect(FileManager.default.contents(atPath: bomb)?.count ?? 0 < 64 << 10)
        do {
            _ = try ExportArchive(path: bomb, limit: 4 << 20, folder: nil) { _ in .keep }
            Issue.record("the bomb was read")
        } catch {
            #expect(error.description.contains("expands beyond 4 MiB"), "\(error)")
        }
        // Files the reader does not ask for are not read at all.
        let skipped = try ExportArchive(path: bomb, limit: 4 << 20, folder: nil) { _ in .skip }
        #expect(skipped.files.isEmpty)
    }

    func pack(folder: String, into zip: String) throws {
        try run(
            python: """
                import os, sys, zipfile
                folder, target = sys.argv[1], sys.argv[2]
                with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
                    for root, _, names in sorted(os.walk(folder)):
                        for name in sorted(names):
                            path = os.path.join(root, name)
                            archive.write(path, os.path.relpath(path, folder))
                """, folder, zip)
    }

    func run(python script: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(python))
        process.arguments = ["-c", script] + arguments
        try DescriptorGate.launch(process)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

/// A folder of its own under the temporary directory, for one test.
private struct ScratchFolder {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("exports-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
