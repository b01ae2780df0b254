import NarrateCore

/// The library's reading choices as the API gives them (`Reading` in the OpenAPI document):
/// each part a listener can choose, with its label and whether it is read.
struct ReadingView: Encodable, Sendable {
    /// One choosable part.
    struct Part: Encodable, Sendable {
        var name: String
        var label: String
        var read: Bool
    }

    var parts: [Part]
    /// The names of the parts read.
    var read: [String]

    init(_ choices: ReadingChoices) {
        parts = ReadingPart.choosable.map { Part(name: $0.rawValue, label: $0.label, read: choices.reads($0)) }
        read = choices.readInOrder.map(\.rawValue)
    }
}
