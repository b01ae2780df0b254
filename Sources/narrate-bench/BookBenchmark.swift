import Foundation
import NarrateCore
import NarrateSystem

/// Measures adding EPUB books and PDFs to a library: `narrate add BOOK` (read the container, every
/// chapter, segment, store) on books of 100,000 and 300,000 words, wall time and peak memory
/// (wait4's rusage), best of `runs`; beside pandoc reading the same book to plain text
/// (`pandoc -t plain`), when it is installed. The books are written by the tests' writer
/// (Tests/Support/make_epub.py) from the long sample's paragraphs, 1,500 words a chapter.
struct BookBenchmark {
    var narrate: String
    /// The long sample, whose paragraphs fill the chapters.
    var sample: String
    /// The package's folder (for Tests/Support/make_epub.py).
    var packageRoot: String
    var runs = 3

    func run() throws(BenchmarkError) {
        let work = try TemporaryDirectory()
        defer { work.remove() }
        guard let bytes = try? FileContents.read(sample) else { throw BenchmarkError("\(sample): cannot read it") }
        let text = String(decoding: bytes, as: UTF8.self)
        let paragraphs = text.components(separatedBy: "\n\n").map { $0.replacingOccurrences(of: "\n", with: " ") }
            .filter { !$0.isEmpty }
        print("")
        print("books: narrate add BOOK (EPUB 3) into a fresh library, best of \(runs); pandoc -t plain on the same book")
        try compare(
            kind: "book", work: work,
            write: { words throws(BenchmarkError) in
                try write(words: words, paragraphs: paragraphs, work: work)
            }, peer: ("pandoc", "/usr/bin/pandoc", { ["pandoc", "-f", "epub", "-t", "plain", $0, "-o", "\(work.path)/book.txt"] }))
        try runPDF(paragraphs: paragraphs, work: work)
    }

    /// The same for PDFs groff sets (one column, running heads and feet, hyphenated), beside
    /// poppler's own pdftotext reading them, when both are installed.
    private func runPDF(paragraphs: [String], work: TemporaryDirectory) throws(BenchmarkError) {
        guard (try? ChildProcess.run(["sh", "-c", "echo x | groff -Tpdf > /dev/null"]))?.status == 0 else {
            print("PDFs: skipped (groff's PDF device is not installed: scripts/install-dependencies --tests)")
            return
        }
        print("")
        print("PDFs: narrate add PDF (groff, one column) into a fresh library, best of \(runs); pdftotext (poppler) on the same file")
        try compare(
            kind: "pdf", work: work,
            write: { words throws(BenchmarkError) in
                try writePDF(words: words, paragraphs: paragraphs, work: work)
            }, peer: ("pdftotext", "/usr/bin/pdftotext", { ["pdftotext", $0, "\(work.path)/document.txt"] }))
    }

    /// `narrate add` of the files `write` makes of 100,000 and 300,000 words, best of
    /// `runs` for wall time and the highest peak memory, beside `peer` (its name, where it is
    /// installed, its command for a file) on the same files when it is installed.
    private func compare(
        kind: String, work: TemporaryDirectory, write: (Int) throws(BenchmarkError) -> String,
        peer: (name: String, path: String, command: (String) -> [String])
    ) throws(BenchmarkError) {
        var peaks: [Int] = []
        for words in [100_000, 300_000] {
            let file = try write(words)
            var best = ChildProcess(wallSeconds: .infinity, peakKiB: 0, status: 0)
            for run in 0..<runs {
                let library = "\(work.path)/\(kind)-library-\(words)-\(run).sqlite"
                let added = try ChildProcess.run([narrate, "add", file, "--library", library])
                guard added.status == 0 else { throw BenchmarkError("narrate add \(file) exited \(added.status)") }
                best.wallSeconds = min(best.wallSeconds, added.wallSeconds)
                best.peakKiB = max(best.peakKiB, added.peakKiB)
            }
            peaks.append(best.peakKiB)
            var line =
                "\(words / 1000)k words: narrate add \(best.wallSeconds.fixed(2)) s, peak \(best.peakKiB / 1024) MiB (goal at 300k: 3 s)"
            if access(peer.path, X_OK) == 0 {
                var seconds = Double.infinity
                for _ in 0..<runs {
                    let read = try ChildProcess.run(peer.command(file))
                    guard read.status == 0 else { break }
                    seconds = min(seconds, read.wallSeconds)
                }
                line += "; \(peer.name) \(seconds.fixed(2)) s (narrate/\(peer.name) \((best.wallSeconds / seconds).fixed(2))x)"
            }
            print(line)
        }
        print("peak memory 300k / 100k: \((Double(peaks[1]) / Double(max(1, peaks[0]))).fixed(2))x (flat would be 1.0)")
    }

    /// A PDF of about `words` words in chapters of 1,500, set by groff (make_pdf.py).
    private func writePDF(words: Int, paragraphs: [String], work: TemporaryDirectory) throws(BenchmarkError) -> String {
        var chapters: [[String: Any]] = []
        var written = 0
        var next = 0
        while written < words {
            var chapter: [String] = []
            var inChapter = 0
            while inChapter < 1_500 {
                let paragraph = paragraphs[next % paragraphs.count]
                next += 1
                chapter.append(paragraph)
                inChapter += paragraph.split(separator: " ").count
            }
            written += inChapter
            chapters.append(["title": "Chapter \(chapters.count + 1)", "paragraphs": chapter])
        }
        let output = "\(work.path)/document-\(words).pdf"
        let description: [String: Any] = [
            "output": output, "writer": "groff", "title": "A Document of \(words) Words", "header": "A Long Document",
            "footer": "Page {page}", "chapters": chapters,
        ]
        guard let json = try? JSONSerialization.data(withJSONObject: description) else { throw BenchmarkError("cannot describe the PDF") }
        let input = try work.createFile("document-\(words).json", containing: Array(json))
        let made = try ChildProcess.run(["sh", "-c", "python3 \"$0\" < \"$1\"", "\(packageRoot)/Tests/Support/make_pdf.py", input])
        guard made.status == 0 else { throw BenchmarkError("make_pdf.py exited \(made.status)") }
        return output
    }

    /// A book of about `words` words in chapters of 1,500, as EPUB 3.
    private func write(words: Int, paragraphs: [String], work: TemporaryDirectory) throws(BenchmarkError) -> String {
        var files: [[String]] = [
            [
                "META-INF/container.xml",
                """
                <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\
                <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
                """,
            ]
        ]
        var manifest = ""
        var spine = ""
        var navigation = ""
        var written = 0
        var chapter = 0
        var next = 0
        while written < words {
            chapter += 1
            var body = "<h1>Chapter \(chapter)</h1>\n"
            var inChapter = 0
            while inChapter < 1_500 {
                let paragraph = paragraphs[next % paragraphs.count]
                next += 1
                body += "<p>\(MarkupEscaping.escaped(paragraph, in: .xmlContent))</p>\n"
                inChapter += paragraph.split(separator: " ").count
            }
            written += inChapter
            files.append([
                "OEBPS/c\(chapter).xhtml",
                """
                <?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter \(chapter)</title></head>
                <body>\(body)</body></html>
                """,
            ])
            manifest += "<item id=\"c\(chapter)\" href=\"c\(chapter).xhtml\" media-type=\"application/xhtml+xml\"/>"
            spine += "<itemref idref=\"c\(chapter)\"/>"
            navigation += "<li><a href=\"c\(chapter).xhtml\">Chapter \(chapter)</a></li>"
        }
        files.append([
            "OEBPS/nav.xhtml",
            """
            <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">\
            <head><title>Contents</title></head><body><nav epub:type="toc"><ol>\(navigation)</ol></nav></body></html>
            """,
        ])
        manifest += "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>"
        files.append([
            "OEBPS/content.opf",
            """
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\
            <dc:title>A Book of \(words) Words</dc:title><dc:language>en</dc:language></metadata>\
            <manifest>\(manifest)</manifest><spine>\(spine)</spine></package>
            """,
        ])
        let output = "\(work.path)/book-\(words).epub"
        let description: [String: Any] = ["output": output, "files": files]
        guard let json = try? JSONSerialization.data(withJSONObject: description) else { throw BenchmarkError("cannot describe the book") }
        let input = try work.createFile("book-\(words).json", containing: Array(json))
        let made = try ChildProcess.run(["sh", "-c", "python3 \"$0\" < \"$1\"", "\(packageRoot)/Tests/Support/make_epub.py", input])
        guard made.status == 0 else { throw BenchmarkError("make_epub.py exited \(made.status)") }
        return output
    }
}
