import NarrateCommandLine

// narrate: every command; one with a shared queue (--queue, NARRATE_QUEUE) is handed over to
// narrate-queue, which has the PostgreSQL client.
await NarrateProgram.run()
