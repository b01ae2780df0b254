import Foundation

/// A PDF the tests have a real writer make (Tests/Support/make_pdf.py): groff's ms macros and
/// PDF device, which justify and hyphenate as they set the text, or cairo, set line by line
/// with words hyphenated where they do not fit; in one or two columns, with a running head
/// and foot, an outline, metadata, or (a scan) no text at all.
public struct TestPDF: Sendable {
    /// Which program writes it.
    public enum Writer: String, Sendable {
        case groff
        case cairo
    }

    public var writer: Writer
    /// A title line at the top of the first page.
    public var title: String?
    /// The metadata's title and author (cairo).
    public var metadataTitle: String?
    public var author: String?
    public var columns = 1
    /// A running head on every page (groff: from the second), and a foot with the page
    /// number where "{page}" stands.
    public var header: String?
    public var footer: String?
    /// An outline entry for every chapter (cairo).
    public var outline = false
    /// The headings' font size (cairo; the text's is 10.5).
    public var headingSize = 15.0
    public var chapters: [(title: String, paragraphs: [String])]
    /// Pages of pictures and no text (cairo).
    public var scanPages = 0
    /// A footnote at the foot of a chapter's first page, by the chapter's index (cairo).
    public var footnotes: [Int: String] = [:]

    /// A document of `chapters`, written by `writer`.
    public init(writer: Writer, title: String? = nil, chapters: [(title: String, paragraphs: [String])]) {
        self.writer = writer
        self.title = title
        self.chapters = chapters
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("make_pdf.py").path

    /// Whether the writer can run here: groff with its PDF device, or Python's cairo module.
    public static func canWrite(_ writer: Writer) -> Bool {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments =
            writer == .groff
            ? ["sh", "-c", "echo x | groff -Tpdf > /dev/null 2>&1"] : ["python3", "-c", "import cairo"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? DescriptorGate.launch(probe)) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }

    /// The words a listener should hear: the title, then every chapter's title and paragraphs.
    public var words: [String] {
        let text = ([title].compactMap { $0 } + chapters.flatMap { [$0.title] + $0.paragraphs }).joined(separator: " ")
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Writes the document into `scratch`; its path.
    public func write(in scratch: ScratchDirectory, name: String = "document.pdf") async throws -> String {
        let output = "\(scratch.path)/\(name)"
        var description: [String: Any] = [
            "output": output, "writer": writer.rawValue, "columns": columns, "outline": outline, "headingSize": headingSize,
            "chapters": chapters.enumerated().map { index, chapter in
                ["title": chapter.title, "paragraphs": chapter.paragraphs, "footnote": footnotes[index] ?? ""] as [String: Any]
            }, "scan": scanPages,
        ]
        if let title { description["title"] = title }
        if let header { description["header"] = header }
        if let footer { description["footer"] = footer }
        description["metadata"] = ["title": metadataTitle, "author": author].compactMapValues { $0 }
        try await WriterScript.run(Self.script, description: description)
        return output
    }
}
