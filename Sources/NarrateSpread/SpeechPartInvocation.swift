/// How a narration starts a helper that speaks a run of its sentences (`narrate speak-part`,
/// hidden): the one description of that command line, which `ProcessSpeechParts` turns into
/// arguments and the `speak-part` command reads back.
public struct SpeechPartInvocation: Equatable, Sendable {
    /// The narration's process: when it is gone, the helper stops.
    public var parent: Int32

    public init(parent: Int32) {
        self.parent = parent
    }

    /// The command's arguments after the program's name: `speak-part` and its options. The
    /// run itself comes on standard input, the recording goes to descriptor 3.
    public var arguments: [String] { ["speak-part", "--parent", String(parent)] }
}
