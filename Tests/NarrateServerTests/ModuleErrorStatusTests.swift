import HTTPTypes
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateQueue
import Testing

@testable import NarrateServer

/// A module's own error gets its HTTP status by its kind, in the one place the server maps
/// errors, with the module's line as the message.
@Suite("HTTP statuses of the modules' own errors")
struct ModuleErrorStatusTests {
    static let cases: [(NarrateError, HTTPResponse.Status)] = [
        (NarrateError(LibraryError.noSuchArticle(id: 7)), .notFound),
        (NarrateError(LibraryError.noSuchSentence(articleId: 1, sentence: 9, count: 3)), .badRequest),
        (NarrateError(LibraryError.unavailable(path: "l.sqlite", reason: "read-only")), .serviceUnavailable),
        (NarrateError(LibraryError.notALibrary(path: "l.sqlite")), .serviceUnavailable),
        (NarrateError(AudioError.cannotStream(path: "-", kind: "a pipe", format: "WAV")), .badRequest),
        (NarrateError(QueueError.unavailable(address: "postgresql://q@db/narrate", reason: "refused")), .internalServerError),
        (NarrateError(QueueError.denied(address: "postgresql://q@db/narrate", reason: "no")), .internalServerError),
    ]

    @Test(arguments: cases.indices)
    func aModulesErrorGetsTheStatusOfItsKind(index: Int) {
        let (error, status) = Self.cases[index]
        let answer = APIError.from(error)
        #expect(answer.status == status, "\(error)")
        #expect(answer.message == error.description)
    }
}
