public import NarrateCore

/// What can go wrong with a job queue: a shared one (PostgreSQL) unavailable or refusing, with
/// where (`address`, the URL without its password) and what to check; a job that is not in it.
public enum QueueError: ModuleError {
    /// The queue cannot be reached or used: the server is down or unreachable, refused the
    /// connection or dropped it.
    case unavailable(address: String, reason: String)
    /// The queue refused access: a wrong password, no such user, or no permission on the
    /// database.
    case denied(address: String, reason: String)
    /// No job in the queue has this id.
    case noSuchJob(id: Int64)

    public var kind: FailureKind {
        switch self {
        case .unavailable: .serviceUnavailable
        case .denied: .permissionDenied
        // The id was given by whoever asked (`jobs cancel 12`): their mistake, exit 64.
        case .noSuchJob: .invalidRequest
        }
    }

    public var description: String {
        switch self {
        case .unavailable(let address, let reason):
            "\(address): cannot use the job queue: \(reason); check that PostgreSQL runs there and accepts connections"
        case .denied(let address, let reason):
            "\(address): the job queue refused access: \(reason); check the user and password (URL, PGPASSWORD or ~/.pgpass) and the database's grants"
        case .noSuchJob(let id):
            "no job with id \(id)"
        }
    }
}
