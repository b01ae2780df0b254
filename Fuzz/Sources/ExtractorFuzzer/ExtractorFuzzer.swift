import NarrateCore
import NarrateIngest

/// The `Content-Type` the fuzzer claims the page came with, picked by the input's first byte:
/// none (the page's own declaration and sniffing decide) or a header naming a charset.
let fuzzContentTypes: [String?] = [
    nil, "text/html; charset=utf-8", "text/html; charset=windows-1251", "text/html; charset=koi8-u",
    "text/html; charset=iso-8859-15", "text/html; charset=shift_jis", "text/html; charset=gbk",
    "text/html; charset=utf-16le",
]

let fuzzReader = HTMLReader()

/// libFuzzer's entry point: reads the rest of the input as a web page and stops the process
/// on any broken promise.
///
/// Reading may fail only with the errors a page can earn (no article, binary data, empty,
/// nested too deep); a document must have a title and speakable blocks with no NUL (the
/// engine takes C strings), and source maps inside the decoded page, ordered within each block.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let contentType = fuzzContentTypes[Int(bytes[0]) % fuzzContentTypes.count]
    let page = Array(bytes.dropFirst())
    let result: (document: Document, source: String)
    do {
        result = try fuzzReader.read(page, contentType: contentType, name: "fuzz.html")
    } catch {
        switch error {
        case .noReadableArticle, .binaryInput, .emptyInput, .malformedInput: return 0
        default: fatalError("unexpected error: \(error)")
        }
    }
    let sourceLength = result.source.unicodeScalars.count
    let document = result.document
    if document.blocks.isEmpty { fatalError("a document without blocks") }
    if document.title.isEmpty { fatalError("a document without a title") }
    if document.title.unicodeScalars.contains("\u{0}") { fatalError("a title with a NUL") }
    for (index, block) in document.blocks.enumerated() {
        if block.text.isEmpty { fatalError("block \(index) is empty") }
        if block.text.unicodeScalars.contains("\u{0}") { fatalError("block \(index) has a NUL") }
        let textLength = block.text.unicodeScalars.count
        var previous = 0
        for run in block.sourceMap.runs {
            if run.textOffset < previous || run.length < 0 || run.textOffset + run.length > textLength {
                fatalError("block \(index): run \(run) outside its text of \(textLength) scalars or out of order")
            }
            if run.sourceOffset < 0 || run.sourceOffset > sourceLength {
                fatalError("block \(index): run \(run) outside the page of \(sourceLength) scalars")
            }
            previous = run.textOffset + run.length
        }
    }
    return 0
}
