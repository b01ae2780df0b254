import ArgumentParser
import NarrateCore
import NarratePiper
import NarrateRendering
import NarrateSpeech
import NarrateSpread
import NarrateTerminal

/// `narrate speak-part` (hidden; a narration spread over processes starts it): synthesizes
/// the part of an article read on standard input into descriptor 3.
struct SpeakPartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speak-part", abstract: "Synthesize a run of an article's sentences (started by narrate itself).", shouldDisplay: false
    )

    @Option(help: "The narration's process id: when it is gone, the helper stops.")
    var parent: Int32

    /// The invocation the narration started this helper with (`SpeechPartInvocation`).
    var invocation: SpeechPartInvocation { SpeechPartInvocation(parent: parent) }

    func run() throws {
        do {
            try SpeechPartHelper.run(parent: invocation.parent, engine: { try VoiceEngines.shared() })
        } catch let error as NarrateError {
            throw error
        } catch {
            throw NarrateError.engine(code: -1, message: "\(error)")
        }
    }
}
