import Foundation
import NarrateCore
import NarrateRendering

/// The environment variables that point narrate at its data (voices, language profiles),
/// passed to the library's look-ups.
enum NarrateEnvironment {
    /// The variables narrate reads, where set: `HOME`, `XDG_CONFIG_HOME`, `XDG_DATA_HOME`,
    /// `NARRATE_LIBRARY`, `NARRATE_VOICES_DIR`, `NARRATE_TEXTCAT_DATA`, `NARRATE_JOB_LEASE`,
    /// `NARRATE_QUEUE`.
    static func variables() -> [String: String] {
        let keys: Set = [
            "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "NARRATE_LIBRARY", "NARRATE_VOICES_DIR", "NARRATE_TEXTCAT_DATA",
            "NARRATE_JOB_LEASE", "NARRATE_QUEUE",
        ]
        return ProcessInfo.processInfo.environment.filter { keys.contains($0.key) }
    }

    /// The voice presets this process finds: `voices/` beside the executable or the
    /// package, `~/.config/narrate/voices`, `NARRATE_VOICES_DIR`.
    static func presets() -> VoicePresetLibrary {
        VoicePresetLibrary.standard(environment: variables(), executablePath: ExecutablePath.current())
    }
}
