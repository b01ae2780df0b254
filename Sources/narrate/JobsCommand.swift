import ArgumentParser

/// `narrate jobs`: the batch queue, and running, retrying, cancelling and clearing it; with
/// `--queue URL` (or `NARRATE_QUEUE`), the shared queue on PostgreSQL and its workers.
struct JobsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jobs",
        abstract: "Show the batch queue (and run, retry, cancel or clear it).",
        subcommands: [JobsList.self, JobsRun.self, JobsRetry.self, JobsCancel.self, JobsClear.self],
        defaultSubcommand: JobsList.self
    )
}
