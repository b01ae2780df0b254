import Foundation
import NarrateAudio

/// The `espeak-ng` command-line program, used as the yardstick for narrate's output.
///
/// espeak-ng is a declared dependency, so a missing program is a test failure, not a skip.
enum ESpeakNGReference {
    /// Why a reference could not be made.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `espeak-ng` found on `PATH`.
    static func executable() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/espeak-ng"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure(description: "espeak-ng is not on PATH (\(path)); install espeak-ng, a declared dependency")
    }

    /// Speaks `file` with `espeak-ng -v voice -f file -w output` (default rate 175) and returns
    /// the WAV's length in seconds.
    static func duration(speaking file: String, voice: String, writingTo output: String) async throws -> Double {
        let run = try await NarrateBinary.run(["-v", voice, "-f", file, "-w", output], executable: executable())
        guard run.status == 0 else {
            throw Failure(description: "espeak-ng -v \(voice) -f \(file) failed (\(run.status)): \(run.standardError)")
        }
        return try AudioFileInfo.read(path: output).duration
    }
}
