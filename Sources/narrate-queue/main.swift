import NarrateCommandLine
import NarrateCore
import NarrateLibrary
import NarratePostgres

// narrate-queue: narrate with the PostgreSQL client, for the commands that use a shared
// queue (narrate hands them over).
SharedQueueConnector.register { url, environment throws(NarrateError) in
    let address = try PostgresQueueAddress(url: url, environment: environment, home: environment["HOME"])
    return try await PostgresJobQueue(address: address)
}
await NarrateProgram.run()
