import ArgumentParser
import NarrateCore
import NarratePiper
import NarrateRendering
import NarrateTerminal

/// `narrate voices prefer [neural|espeak]`: which kind of voice an article's language picks
/// in this library when no voice is asked for; without an argument, says which it is.
struct VoicesPrefer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prefer",
        abstract: "Say whether an article's language picks a neural (Piper) voice or eSpeak NG's, in this library.",
        discussion: """
            With 'neural', an article with no voice of its own and none asked for is spoken by the best \
            installed Piper voice for its language (eSpeak NG's when none is installed): 'play', 'render', \
            'batch', the web player and the feeds alike. A batch's jobs carry the voice picked, so the \
            workers of a shared queue speak with the same one.
            """
    )

    @Argument(help: "neural or espeak; nothing shows the library's preference.")
    var preference: String?

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if let preference, VoicePreference(name: preference) == nil {
            throw ValidationError("say 'neural' or 'espeak', not '\(preference)'")
        }
    }

    func run() throws {
        let library = try libraryOptions.open()
        let chosen: VoicePreference
        if let preference, let named = VoicePreference(name: preference) {
            try named.save(to: library)
            chosen = named
        } else {
            chosen = try VoicePreference.load(from: library)
        }
        switch chosen {
        case .espeak:
            print("espeak: an article's language picks eSpeak NG's voice for it")
        case .neural:
            let choices = VoicePreference.neuralChoices(engine: try VoiceEngines.shared())
            print("neural: an article's language picks an installed Piper voice for it, else eSpeak NG's")
            if choices.isEmpty {
                print("no Piper voice is installed yet: 'narrate voices available' lists them, 'narrate voices add NAME' installs one")
            }
            for choice in choices { print("  \(choice.language)  \(choice.voice)") }
        }
    }
}
