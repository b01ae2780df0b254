import NarrateCore
public import NarrateLibrary

/// Where each sentence of an article starts in time: from a render when there is one, else
/// spread over the estimated listening time in proportion to each sentence's length. Maps
/// seconds to sentences and back, for positions given as times.
public struct ListeningTimeline: Sendable, Equatable {
    /// Each sentence's start, in seconds.
    public let starts: [Double]
    /// The whole article, in seconds.
    public let duration: Double
    /// Whether the times come from a render (else they are estimated).
    public let isMeasured: Bool

    /// The timeline of `article` (whose sentences are `stored`) from `render`, or estimated.
    public init(article: StoredArticle, stored: [StoredSentence], render: (RenderRecord, [Range<Int64>])?) {
        if let (record, samples) = render {
            let rate = Double(max(record.sampleRate, 1))
            starts = samples.map { Double($0.lowerBound) / rate }
            duration = record.duration
            isMeasured = true
            return
        }
        let lengths = article.sentences(stored).map { Double($0.text.count) }
        let total = max(lengths.reduce(0, +), 1)
        var running = 0.0
        var starts: [Double] = []
        for length in lengths {
            starts.append(running / total * article.summary.listeningSeconds)
            running += length
        }
        self.starts = starts
        duration = article.summary.listeningSeconds
        isMeasured = false
    }

    /// When sentence `sentence` (from 0) starts; 0 for one outside the article.
    public func start(of sentence: Int) -> Double {
        starts.indices.contains(sentence) ? starts[sentence] : 0
    }

    /// The sentence playing at `seconds`.
    public func sentence(at seconds: Double) -> Int {
        max(0, (starts.lastIndex { $0 <= seconds }) ?? 0)
    }

    /// "MM:SS", "H:MM:SS" or plain seconds, in seconds; nil for anything else.
    public static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let last = Double(parts[parts.count - 1]), last >= 0 else { return nil }
        var total = last
        var factor = 60.0
        for part in parts.dropLast().reversed() {
            guard let value = Int(part), value >= 0 else { return nil }
            total += Double(value) * factor
            factor *= 60
        }
        return total
    }
}
