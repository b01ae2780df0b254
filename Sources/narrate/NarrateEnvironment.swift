import NarrateCore
import Narration
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variables that point narrate at its data (voices, language profiles),
/// passed to the library's look-ups.
enum NarrateEnvironment {
    /// `XDG_CONFIG_HOME`, `HOME`, `NARRATE_VOICES_DIR` and `NARRATE_TEXTCAT_DATA`, where set.
    static func variables() -> [String: String] {
        var result: [String: String] = [:]
        for key in ["XDG_CONFIG_HOME", "HOME", "NARRATE_VOICES_DIR", "NARRATE_TEXTCAT_DATA"] {
            if let value = getenv(key) { result[key] = String(cString: value) }
        }
        return result
    }

    /// The voice presets this process finds: `voices/` beside the executable or the
    /// package, `~/.config/narrate/voices`, `NARRATE_VOICES_DIR`.
    static func presets() -> VoicePresetLibrary {
        VoicePresetLibrary.standard(environment: variables(), executablePath: ExecutablePath.current())
    }
}
