import NarrateText

/// The languages the fuzzer picks from with the input's first byte (modulo 12, so the seed
/// files start with "0"…"9", ":" or ";" to pick en…zz); "zz" has no rules of its own and so
/// exercises the shared ones.
let fuzzLanguages = ["en", "uk", "ru", "de", "fr", "es", "it", "pl", "nl", "bg", "el", "zz"]

/// One segmenter per language, built once: building rules is not what is being fuzzed.
let fuzzSegmenters = fuzzLanguages.map { SentenceSegmenter(language: $0) }

/// One speech normalizer per language, built once like the segmenters.
let fuzzNormalizers = fuzzLanguages.map { SpeechNormalizer(language: $0) }

/// libFuzzer's entry point: segments the input and stops the process on any broken promise.
///
/// The first byte picks the language and the rest is decoded as UTF-8 (invalid sequences
/// become U+FFFD). The segmenter's ranges must be non-empty, ascending, disjoint, within the
/// text, trimmed of white space, and separated only by white space, so that the ranges and
/// the white space between them rebuild the input. Each sentence then goes through the
/// language's speech normalizer, which must not crash or add a NUL to what eSpeak NG gets.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let language = Int(bytes[0]) % fuzzLanguages.count
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let scalars = Array(text.unicodeScalars)
    let ranges = fuzzSegmenters[language].sentenceRanges(in: text)
    checkRanges(ranges, of: scalars, language: fuzzLanguages[language])
    for range in ranges {
        let sentence = String(String.UnicodeScalarView(scalars[range]))
        let spoken = fuzzNormalizers[language].spoken(sentence)
        // The engine takes a C string: a NUL would cut the sentence short.
        if spoken.unicodeScalars.contains("\u{0}") {
            fatalError("normalizer (\(fuzzLanguages[language])): NUL in the output for sentence \(range)")
        }
    }
    return 0
}

/// Stops the process if `ranges` do not tile `scalars` as the segmenter promises.
func checkRanges(_ ranges: [Range<Int>], of scalars: [Unicode.Scalar], language: String) {
    func fail(_ message: String) -> Never {
        fatalError("segmenter (\(language)): \(message); ranges \(ranges), \(scalars.count) scalars")
    }
    func isSpace(_ index: Int) -> Bool { scalars[index].properties.isWhitespace }

    var previousEnd = 0
    for range in ranges {
        if range.isEmpty { fail("empty range \(range)") }
        if range.lowerBound < previousEnd { fail("range \(range) starts before the previous one ends at \(previousEnd)") }
        if range.upperBound > scalars.count { fail("range \(range) is past the end") }
        if isSpace(range.lowerBound) { fail("range \(range) starts with white space") }
        if isSpace(range.upperBound - 1) { fail("range \(range) ends with white space") }
        for index in previousEnd..<range.lowerBound where !isSpace(index) {
            fail("scalar \(index) (U+\(String(scalars[index].value, radix: 16, uppercase: true))) before \(range) is in no sentence")
        }
        previousEnd = range.upperBound
    }
    for index in previousEnd..<scalars.count where !isSpace(index) {
        fail("scalar \(index) (U+\(String(scalars[index].value, radix: 16, uppercase: true))) after the last sentence is in no sentence")
    }
}
