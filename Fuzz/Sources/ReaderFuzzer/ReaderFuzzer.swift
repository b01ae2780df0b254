import NarrateCore
import NarrateIngest

/// How the fuzzer reads the input, picked by its first byte (modulo 3, so seed files start
/// with "0", "1" or "2"): as plain text, as Markdown, or as Markdown with code blocks skipped
/// silently.
enum ReaderMode: Sendable {
    case text(TextReader)
    case markdown(MarkdownReader)
}

let fuzzModes: [ReaderMode] = [
    .text(TextReader()),
    .markdown(MarkdownReader()),
    .markdown(MarkdownReader(codeBlockNotice: "")),
]

/// libFuzzer's entry point: reads the rest of the input as a text or Markdown file, the way
/// `ArticleLoader` does (`InputDecoder.decode`, then the reader), and stops the process on any
/// broken promise.
///
/// Decoding may fail only with the errors a file's bytes can earn (exit code 65: binary data,
/// an invalid encoding, nothing but white space); the readers, given decoded text that is not
/// all white space, only with `.noSpeakableText`. A document must have its format, a title
/// (text; Markdown's may be empty), speakable blocks whose text is trimmed and has no NUL (the
/// engine takes C strings), and source maps whose runs are ordered inside the block's text,
/// lie inside the decoded file, and copy it exactly; asides (an image's description) lie inside
/// the block's text and are not empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let mode = fuzzModes[Int(bytes[0]) % fuzzModes.count]
    let text: String
    do {
        text = try InputDecoder.decode(Array(bytes.dropFirst()), path: "fuzz")
    } catch {
        // The errors of bad input data (sysexits' 65: binary, invalid UTF-8 or other encoding,
        // empty); any other, such as a file said to be unreadable, is a bug.
        if error.isUnreadableInput { return 0 }
        fatalError("decoder: unexpected error: \(error)")
    }
    let source = Array(text.unicodeScalars)
    if source.contains("\u{0}") { fatalError("decoder: NUL in the decoded text") }
    let document: Document
    let format: SourceFormat
    do {
        switch mode {
        case .text(let reader):
            format = .text
            document = try reader.read(text, path: "fuzz.txt")
        case .markdown(let reader):
            format = .markdown
            document = try reader.read(text, path: "fuzz.md")
        }
    } catch {
        switch error {
        case .noSpeakableText: return 0
        default: fatalError("reader: unexpected error: \(error)")
        }
    }
    checkDocument(document, format: format, source: source)
    return 0
}

/// Stops the process if `document` breaks a promise a reader makes about what it read from `source`.
func checkDocument(_ document: Document, format: SourceFormat, source: [Unicode.Scalar]) {
    if document.format != format { fatalError("\(format): a document of format \(document.format)") }
    if document.blocks.isEmpty { fatalError("\(format): a document without blocks") }
    if !document.hasSpeakableText { fatalError("\(format): a document without speakable text") }
    if document.title.isEmpty { fatalError("\(format): a document without a title") }
    if document.title.unicodeScalars.contains("\u{0}") { fatalError("\(format): a title with a NUL") }
    if let language = document.language, language.unicodeScalars.contains("\u{0}") {
        fatalError("\(format): a language with a NUL")
    }
    for (index, block) in document.blocks.enumerated() {
        func fail(_ message: String) -> Never { fatalError("\(format): block \(index): \(message)") }
        let text = Array(block.text.unicodeScalars)
        if text.isEmpty { fail("empty") }
        if text.contains("\u{0}") { fail("a NUL in its text") }
        // Code as written keeps its indentation (its lines' shared indentation taken off).
        if (text[0].properties.isWhitespace && block.kind != .code) || text[text.count - 1].properties.isWhitespace {
            fail("white space around its text")
        }
        if block.kind == .code, block.part != .apparatus { fail("code as written that is not the apparatus") }
        for aside in block.asides ?? [] where aside.range.isEmpty || aside.range.lowerBound < 0 || aside.range.upperBound > text.count {
            fail("aside \(aside) outside its text of \(text.count) scalars, or empty")
        }
        var previous = 0
        for run in block.sourceMap.runs {
            if run.length < 0 || run.textOffset < previous || run.textOffset + run.length > text.count {
                fail("run \(run) outside its text of \(text.count) scalars or out of order")
            }
            if run.sourceOffset < 0 || run.sourceOffset + run.length > source.count {
                fail("run \(run) outside the file of \(source.count) scalars")
            }
            if !text[run.textOffset..<(run.textOffset + run.length)]
                .elementsEqual(source[run.sourceOffset..<(run.sourceOffset + run.length)])
            {
                fail("run \(run) is not a copy of the file")
            }
            previous = run.textOffset + run.length
        }
    }
}
