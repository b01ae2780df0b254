/// The command line as the executables `narrate` and `narrate-queue` run it.
public enum NarrateProgram {
    /// Parses the process's arguments and runs the command they name; does not return.
    @MainActor
    public static func run() async {
        await NarrateCommand.main()
    }
}
