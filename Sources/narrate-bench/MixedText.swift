/// The multilingual text of the segmentation benchmark, built deterministically from copies
/// of the samples.
///
/// Each step appends one more copy for the language with the fewest bytes so far (ties go to
/// the earlier language; a language with several samples takes them in turn), until the text
/// has the bytes asked for. The languages so end up with about equal shares, interleaved, and
/// a smaller text is a prefix of a larger one.
struct MixedText {
    /// One copy of a sample and the language it is segmented with.
    struct Piece {
        /// The language code ("en", "uk", "de").
        var language: String
        /// The copy's text.
        var text: String
    }

    /// The copies in order.
    var pieces: [Piece]
    /// UTF-8 bytes in all pieces.
    var byteCount: Int

    /// At least `bytes` UTF-8 bytes of `sources`, each a language and its samples.
    init(sources: [(language: String, samples: [String])], bytes: Int) {
        var totals = [Int](repeating: 0, count: sources.count)
        var nextSample = [Int](repeating: 0, count: sources.count)
        pieces = []
        byteCount = 0
        while byteCount < bytes {
            let source = totals.indices.min { totals[$0] < totals[$1] }!
            let samples = sources[source].samples
            let text = samples[nextSample[source] % samples.count]
            nextSample[source] += 1
            pieces.append(Piece(language: sources[source].language, text: text))
            totals[source] += text.utf8.count
            byteCount += text.utf8.count
        }
    }

    /// One piece per language, in first-appearance order: its copies joined by blank lines,
    /// so the segmenter meets long inputs.
    func joinedByLanguage() -> [Piece] {
        var order: [String] = []
        var texts: [String: [String]] = [:]
        for piece in pieces {
            if texts[piece.language] == nil { order.append(piece.language) }
            texts[piece.language, default: []].append(piece.text)
        }
        return order.map { Piece(language: $0, text: texts[$0]!.joined(separator: "\n\n")) }
    }

    /// Each language's share of the bytes, as "en 34%, uk 33%, de 33%".
    func shares() -> String {
        var order: [String] = []
        var bytes: [String: Int] = [:]
        for piece in pieces {
            if bytes[piece.language] == nil { order.append(piece.language) }
            bytes[piece.language, default: 0] += piece.text.utf8.count
        }
        return order.map { "\($0) \(Int((Double(bytes[$0]!) * 100 / Double(byteCount)).rounded()))%" }
            .joined(separator: ", ")
    }
}
