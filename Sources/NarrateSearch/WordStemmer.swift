internal import CNarrateStemmer

/// The stems of one language's words, for the search index and queries: Snowball's stemmer
/// for the language (libstemmer: English, Russian, German, French, Spanish and two dozen
/// more), narrate's own light stemmer for Ukrainian. A stemmer keeps state between words:
/// one thread at a time.
package final class WordStemmer {
    private let snowball: OpaquePointer?
    private let ukrainian: UkrainianStemmer?

    /// A stemmer for `language` (a BCP 47 tag; its first subtag counts), or nil when there
    /// is none for it.
    package init?(language: String) {
        let code = String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
        if code == "uk" {
            snowball = nil
            ukrainian = UkrainianStemmer()
            return
        }
        // Snowball also answers to "porter" and names: only ISO 639-1 codes are asked for.
        guard code.count == 2, code.allSatisfy(\.isASCII), let made = narrate_stemmer_new(code) else { return nil }
        snowball = made
        ukrainian = nil
    }

    deinit {
        if let snowball { narrate_stemmer_free(snowball) }
    }

    /// The stem of the lower-cased `word`.
    package func stem(_ word: String) -> String {
        if let ukrainian { return ukrainian.stem(word) }
        guard let snowball else { return word }
        var word = word
        return word.withUTF8 { bytes -> String in
            var length: Int32 = 0
            guard
                let stem = bytes.withMemoryRebound(
                    to: CChar.self,
                    { characters in
                        narrate_stemmer_stem(snowball, characters.baseAddress, Int32(characters.count), &length)
                    })
            else { return String(decoding: bytes, as: UTF8.self) }
            return stem.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self)
            }
        }
    }
}
