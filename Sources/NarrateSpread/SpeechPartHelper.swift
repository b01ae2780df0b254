import Foundation
public import NarrateCore
import NarrateSystem

/// The helper's side of `ProcessSpeechParts`: reads a `SpeechPart` as JSON from standard
/// input and records its audio into descriptor 3, stopping when the narration that started
/// it is gone.
public enum SpeechPartHelper {
    /// The descriptor the recording goes to.
    public static let recordingDescriptor: Int32 = 3

    /// Records the part read from standard input with `engine` (started once the part is read).
    /// `parent` is the narration's process: when it goes away the helper stops.
    public static func run(parent: Int32, engine: () throws -> any SpeechEngine) throws {
        // When the narration is gone (even by kill -9) the helper is re-parented, and stops
        // at its next chunk of audio.
        let orphaned = { getppid() != parent }
        if orphaned() { throw NarrateError.interrupted }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        let part: SpeechPart
        do {
            part = try JSONDecoder().decode(SpeechPart.self, from: data)
        } catch {
            throw NarrateError.invalidOption(name: "part", message: "the part to speak is not readable: \(error)")
        }
        try SpeechPartRecording.record(part, engine: try engine(), descriptor: recordingDescriptor, isCancelled: orphaned)
    }
}
