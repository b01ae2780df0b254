import NarrateAudio

/// How the command line names what it wrote.
public enum OutputReport {
    /// "a.mp3" or "a-01.mp3 … a-12.mp3 (12 files)"; standard output is "standard output".
    public static func describe(_ paths: [String]) -> String {
        guard let first = paths.first else { return "" }
        if paths.count == 1 { return first == AudioFileWriter.standardOutput ? "standard output" : first }
        return "\(first) … \(paths[paths.count - 1]) (\(paths.count) files)"
    }

    /// Prints a command's closing line on standard output, or on standard error when the
    /// audio itself went to standard output.
    public static func report(_ line: String, toStandardOutput: Bool) {
        if toStandardOutput {
            print(line)
        } else {
            ErrorReporter.printNote(line)
        }
    }
}
