public import NarrateCore
public import NarrateRendering
import NarrateText

/// The sentences narrate would speak in an article, as they stand in the source and in the
/// form eSpeak NG receives, so a reader can see where the text is cut and why something
/// sounds wrong.
public struct SentenceListing: Sendable {
    /// One sentence, with where it stands in the source.
    public struct Sentence: Encodable, Sendable {
        /// Its position in the article, from 0.
        public var index: Int
        /// The block (paragraph, heading, list item) it is in.
        public var block: Int
        /// Its range in the source, in Unicode scalars.
        public var start: Int
        public var end: Int
        /// Its range in the source, in UTF-8 bytes.
        public var byteStart: Int
        public var byteEnd: Int
        /// The source's text of it, line breaks included.
        public var text: String
        /// What eSpeak NG receives (abbreviations expanded, URLs shortened, ...).
        public var spoken: String

        /// The text on one line: each line break, and the spaces around it, one space.
        public var line: String {
            var result = String.UnicodeScalarView()
            var pendingBreak = false
            for scalar in text.unicodeScalars {
                if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}" {
                    while let last = result.last, last == " " || last == "\t" { result.removeLast() }
                    pendingBreak = true
                } else if pendingBreak, scalar == " " || scalar == "\t" {
                    continue
                } else {
                    if pendingBreak { result.append(" ") }
                    pendingBreak = false
                    result.append(scalar)
                }
            }
            return String(result)
        }
    }

    /// The sentences in order.
    public var sentences: [Sentence]

    /// Reads `input` (a path, "-" or a URL) and cuts it with the rules of `language`, else
    /// the declared language, else the language of `preset`'s voice, else English; the
    /// preset's pronunciation lexicon shapes the spoken forms.
    public init(
        input: String, format: SourceFormat? = nil, language: String? = nil, preset: String? = nil, presets: VoicePresetLibrary,
        engine: () -> (any SpeechEngine)? = { nil }, isCancelled: () -> Bool = { false }
    ) throws(NarrateError) {
        if let language { try SpeechLanguage.validate(language) }
        var lexicon = PronunciationLexicon()
        var presetVoice: String?
        if let preset {
            let loaded = try presets.preset(preset)
            lexicon = loaded.lexicon
            presetVoice = loaded.voice.voice
        }
        let loaded = try ArticleInput.load(input, format: format, isCancelled: isCancelled)
        let code = SpeechLanguage.resolve(
            option: language, document: loaded.document, voice: presetVoice, engine: presetVoice == nil ? nil : engine()
        )
        let normalizer = SpeechNormalizer(language: code, lexicon: lexicon)
        let scalars = Array(loaded.source.unicodeScalars)
        var byteOffsets: [Int] = []
        byteOffsets.reserveCapacity(scalars.count + 1)
        var bytes = 0
        for scalar in scalars {
            byteOffsets.append(bytes)
            bytes += UTF8.width(scalar)
        }
        byteOffsets.append(bytes)
        sentences = SentenceSegmenter(language: code).sentences(of: loaded.document).enumerated().map { index, sentence in
            let range = sentence.sourceRange.clamped(to: 0..<scalars.count)
            return Sentence(
                index: index, block: sentence.blockIndex, start: range.lowerBound, end: range.upperBound,
                byteStart: byteOffsets[range.lowerBound], byteEnd: byteOffsets[range.upperBound],
                text: String(String.UnicodeScalarView(scalars[range])), spoken: normalizer.spoken(sentence.text)
            )
        }
    }
}
